/**
 * The upper-case initial a category or brand is filed under (the brand list's A–Z groups): a Latin
 * letter as it is, a Chinese character by the first letter of its pinyin, '#' for anything else.
 * Pinyin comes from ICU's pinyin collation (Node ships full ICU): the first character filed under
 * each letter marks where that letter starts, so no dictionary is needed. No pinyin starts with
 * I, U or V; those letters are left out.
 */
const PINYIN = new Intl.Collator('zh-Hans-u-co-pinyin');
const STARTS: [string, string][] = [
  ['A', '阿'], ['B', '八'], ['C', '嚓'], ['D', '哒'], ['E', '妸'], ['F', '发'], ['G', '旮'], ['H', '哈'], ['J', '讥'], ['K', '咔'],
  ['L', '垃'], ['M', '妈'], ['N', '拏'], ['O', '噢'], ['P', '妑'], ['Q', '七'], ['R', '呥'], ['S', '仨'], ['T', '他'], ['W', '屲'],
  ['X', '夕'], ['Y', '丫'], ['Z', '帀'],
];
const HAN = /\p{Script=Han}/u;

export function initialOf(name: string): string {
  const first = [...name.trim()][0] ?? '';
  if (/[a-z]/i.test(first)) return first.toUpperCase();
  if (!HAN.test(first)) return '#';
  let letter = '#';
  for (const [candidate, start] of STARTS) {
    if (PINYIN.compare(first, start) < 0) break;
    letter = candidate;
  }
  return letter;
}
