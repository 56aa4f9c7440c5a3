/** Small helpers for the Dutch messages of the match rules. */

/** "Set 3, tafel 2" */
export function setTableLabel(setNumber: number, tableNumber: number): string {
  return `Set ${setNumber}, tafel ${tableNumber}`;
}

/** [2, 3, 10] → "2, 3 of 10"; with conjunction "en": "2, 3 en 10". */
export function dutchList(values: readonly (number | string)[], conjunction: 'of' | 'en' = 'of'): string {
  const items = values.map(String);
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}
