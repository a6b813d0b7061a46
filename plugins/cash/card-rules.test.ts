import { describe, expect, it } from 'vitest';
import { cardDigits, cardNumberProblem, groupCard, isBankName, isCardNumber, isHolder, luhn, maskCard } from './card-rules';
import { CARDS, cardNumber } from './fixtures';

describe('card numbers', () => {
  it('passes the Luhn check of known-good numbers and fails a changed digit', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('79927398713')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
  });

  it('takes 15 to 19 digits, with spaces, passing Luhn', () => {
    expect(isCardNumber(CARDS.visa)).toBe(true);
    expect(isCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isCardNumber(cardNumber('37', 15))).toBe(true);
    expect(isCardNumber(cardNumber('45', 19))).toBe(true);
  });

  it('refuses too short, too long, letters and a failed Luhn check outside UnionPay', () => {
    expect(isCardNumber(cardNumber('45', 14))).toBe(false);
    expect(isCardNumber(cardNumber('45', 20))).toBe(false);
    expect(isCardNumber('4111-1111-1111-1111')).toBe(false);
    expect(isCardNumber('4111 1111 1111 111a')).toBe(false);
    expect(isCardNumber('4111111111111112')).toBe(false);
  });

  it('takes a UnionPay number (62…) without a Luhn check digit', () => {
    const unionPay = `${CARDS.abc.slice(0, -1)}${(Number(CARDS.abc.at(-1)) + 1) % 10}`;
    expect(luhn(unionPay)).toBe(false);
    expect(isCardNumber(unionPay)).toBe(true);
  });

  it('says a wrong length (or not digits) apart from a number of the right length that fails its check digit', () => {
    expect(cardNumberProblem(cardNumber('45', 14))).toBe('cash:validation.card');
    expect(cardNumberProblem(cardNumber('45', 20))).toBe('cash:validation.card');
    expect(cardNumberProblem('4111 1111 1111 111a')).toBe('cash:validation.card');
    expect(cardNumberProblem('')).toBe('cash:validation.card');
    expect(cardNumberProblem('4111111111111112')).toBe('cash:validation.card_check');
    expect(cardNumberProblem('4111 1111 1111 1111')).toBeNull();
  });

  it('strips white space, groups in fours as typed, and masks all but the last four', () => {
    expect(cardDigits(' 6228 4804\t0256 ')).toBe('622848040256');
    expect(groupCard('6228480402564890018')).toBe('6228 4804 0256 4890 018');
    expect(groupCard('6228 48')).toBe('6228 48');
    expect(groupCard('')).toBe('');
    expect(maskCard('6228480402564890018')).toBe('**** **** **** 0018');
  });
});

describe('holder and bank', () => {
  it.each(['张三', '买买提·艾力', 'ZHANG SAN', "Mary O'Neil", '欧阳娜娜'])('takes the real name %s', (name) => {
    expect(isHolder(name)).toBe(true);
  });
  it.each(['张', '', '  ', '张三1', 'a'.repeat(31), '·张三', '<b>张三</b>'])('refuses %j as a holder', (name) => {
    expect(isHolder(name)).toBe(false);
  });
  it('takes bank names of 2 to 30 characters', () => {
    expect(isBankName('中国农业银行')).toBe(true);
    expect(isBankName('行')).toBe(false);
    expect(isBankName('银'.repeat(31))).toBe(false);
  });
});
