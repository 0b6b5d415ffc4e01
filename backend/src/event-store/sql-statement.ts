/** One SQL statement and its parameters ($1, $2, … in its text). */
export interface SqlStatement {
  text: string;
  parameters: unknown[];
}
