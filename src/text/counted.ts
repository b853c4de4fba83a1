/** A count with its noun in the right number: "1 item", "3 items", "0 items". */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
