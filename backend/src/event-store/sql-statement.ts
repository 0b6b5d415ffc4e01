/** One SQL statement and its parameters ($1, $2, … in its text). */
export interface SqlStatement {
  text: string;
  parameters: unknown[];
}

/**
 * Several writes as ONE statement, i.e. one round trip: each becomes a data-modifying CTE
 * (all of them run, whether `final` reads them or not), and `final` is the statement's body.
 * The writes see the same snapshot, so none may depend on another's rows. The parameters of
 * each part are renumbered; the parts must use $n only as parameters.
 */
export function combineStatements(
  parts: SqlStatement[],
  final: SqlStatement,
  /** A first CTE with a name of its own, which the parts and `final` may read. */
  first?: { name: string; statement: SqlStatement },
): SqlStatement {
  if (parts.length === 0 && !first) return final;
  const parameters: unknown[] = [];
  const shifted = (statement: SqlStatement): string => {
    const offset = parameters.length;
    parameters.push(...statement.parameters);
    return statement.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  };
  const ctes = [
    ...(first ? [`${first.name} AS (${shifted(first.statement)})`] : []),
    ...parts.map((part, index) => `write_${index} AS (${shifted(part)})`),
  ];
  return { text: `WITH ${ctes.join(',\n')}\n${shifted(final)}`, parameters };
}
