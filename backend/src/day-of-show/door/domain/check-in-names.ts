/**
 * Who checked a person in, as every answer of the door says it: `checkedInBy` the operator's
 * name (the phone's, for a check-in recorded before operators were kept), `checkedInDevice` the
 * phone's name as its operator set it.
 */
export function checkInNames(check: { operatorName: string | null; device: string | null }): {
  checkedInBy: string | null;
  checkedInDevice: string | null;
} {
  return { checkedInBy: check.operatorName ?? check.device, checkedInDevice: check.device };
}
