import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@kernel/server/testing';
import { cashContract } from './contract';
import { CARDS, cardNumber } from './fixtures';
import { cashFixture, type CashFixture } from './testing';

let f: CashFixture;
beforeAll(async () => {
  f = await cashFixture({ maxCards: 3 });
});
afterAll(() => f.t.close());
afterEach(() => f.expectBooksBalance());

const as = (user: TestUser, lang?: string) => ({ token: user.token, lang });
const add = (user: TestUser, fields: Record<string, unknown> = {}, lang?: string) =>
  f.t.call(cashContract.addBankCard, { holder: '王小明', card: CARDS.abc, mobile: '13800138000', ...fields } as never, as(user, lang));
const list = async (user: TestUser) => (await f.t.call(cashContract.bankCardList, {}, as(user))).body.data;
const stored = (user: TestUser) => f.t.db.selectFrom('cash_card').selectAll().where('user_id', '=', user.id).execute();

describe('POST /api/account/addBankCard', () => {
  it('adds a card, naming the bank from the number, and replies it masked', async () => {
    const ann = await f.shopper();
    const { status, body } = await add(ann, { holder: ' 王小明 ', card: CARDS.abc.replace(/(\d{4})/g, '$1 ') });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 1, data: { holder: '王小明', bank: '中国农业银行', card: `**** **** **** ${CARDS.abc.slice(-4)}`, type: 'unionpay' } });
    expect(JSON.stringify(body)).not.toContain(CARDS.abc.slice(0, 8));
    // The full number is kept for the payout.
    expect((await stored(ann)).map((c) => [c.card_no, c.mobile])).toEqual([[CARDS.abc, '13800138000']]);
  });

  it("keeps the shopper's own bank name, and needs one when the number does not tell", async () => {
    const ann = await f.shopper();
    expect((await add(ann, { card: CARDS.icbc, bank: '工商银行深圳分行' })).body.data.bank).toBe('工商银行深圳分行');
    const unknown = await add(ann, { card: CARDS.visa }, 'en');
    expect(unknown.body).toMatchObject({ code: 0, msg: 'The bank cannot be told from this card number: please enter the bank', data: { field: 'bank' } });
    expect((await add(ann, { card: CARDS.visa, bank: 'HSBC' })).body.data).toMatchObject({ bank: 'HSBC', type: 'visa' });
    expect((await list(ann)).map((c) => c.bank)).toEqual(['HSBC', '工商银行深圳分行']);
  });

  it('refuses the same number twice, even sent many times at once', async () => {
    const ann = await f.shopper();
    const replies = await Promise.all(Array.from({ length: 6 }, () => add(ann, { card: CARDS.cmb })));
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual(Array(5).fill(`尾号 ${CARDS.cmb.slice(-4)} 的银行卡已添加过`));
    expect(await stored(ann)).toHaveLength(1);
    // Another shopper may add the same card (a shared family card is theirs to add too).
    expect((await add(await f.shopper(), { card: CARDS.cmb })).body.code).toBe(1);
  });

  it("refuses more cards than the site's maxCards", async () => {
    const ann = await f.shopper();
    for (const card of [CARDS.abc, CARDS.icbc, CARDS.cmb]) expect((await add(ann, { card })).body.code).toBe(1);
    expect((await add(ann, { card: cardNumber('622836') }, 'en')).body).toMatchObject({ code: 0, msg: 'You have the most bank cards allowed: 3' });
    expect(await stored(ann)).toHaveLength(3);
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ['a holder of one character', { holder: '王' }, /^Please enter the card holder's real name/],
    ['a holder with digits', { holder: '王小明1' }, /^(?!holder\b)./],
    ['a number of 14 digits', { card: cardNumber('45', 14) }, /^Please enter a valid card number \(15–19 digits\)$/],
    ['a number of 20 digits', { card: cardNumber('62', 20) }, /^(?!card\b)./],
    ['a non-UnionPay number of the right length failing its check digit', { card: '4111111111111112' }, /^This card number is not valid; please check it$/],
    ['a number with letters', { card: '6228 4804 0256 489O 018' }, /^(?!card\b)./],
    ['a number sent as a number', { card: 6228480402564890 }, /^(?!card\b)./],
    ['a bank name of one character', { bank: '行' }, /^Please enter the bank/],
    ['a mobile of 10 digits', { mobile: '1380013800' }, /^(?!mobile\b)./],
    ['no mobile', { mobile: undefined }, /^(?!mobile\b)./],
  ];
  it.each(refusals)('refuses %s with code 0 naming the field, and writes nothing', async (_case, fields, message) => {
    const ann = await f.shopper();
    const { status, body } = await add(ann, fields, 'en');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.msg).toMatch(message);
    expect(await stored(ann)).toEqual([]);
  });

  it('takes a UnionPay number whose last digit is no Luhn check digit', async () => {
    const ann = await f.shopper();
    const noCheck = `${CARDS.icbc.slice(0, -1)}${(Number(CARDS.icbc.at(-1)) + 1) % 10}`;
    expect((await add(ann, { card: noCheck })).body.data.bank).toBe('中国工商银行');
  });
});

describe('POST /api/account/bankCardList and /api/account/delBankCard', () => {
  it("lists only the caller's cards, newest first, masked", async () => {
    const [ann, bob] = [await f.shopper(), await f.shopper()];
    await f.card(ann, CARDS.abc);
    await f.card(ann, CARDS.icbc);
    await f.card(bob, CARDS.cmb);
    expect((await list(ann)).map((c) => [c.bank, c.card])).toEqual([
      ['中国工商银行', `**** **** **** ${CARDS.icbc.slice(-4)}`],
      ['中国农业银行', `**** **** **** ${CARDS.abc.slice(-4)}`],
    ]);
    expect((await f.t.call(cashContract.bankCardList, { user_id: ann.id }, as(ann))).body.data).toHaveLength(2);
  });

  it("refuses to read or delete another shopper's cards, and changes nothing", async () => {
    const [ann, bob] = [await f.shopper(), await f.shopper()];
    const bobs = await f.card(bob);
    expect((await f.t.call(cashContract.bankCardList, { user_id: bob.id }, as(ann))).status).toBe(403);
    expect((await f.t.call(cashContract.delBankCard, { bank_id: bobs.id }, as(ann))).body).toMatchObject({ code: 0, msg: '银行卡不存在或已删除' });
    expect((await f.t.call(cashContract.delBankCard, { user_id: bob.id, bank_id: bobs.id }, as(ann))).status).toBe(403);
    expect((await f.t.call(cashContract.addBankCard, { user_id: bob.id, holder: '冒名', card: CARDS.icbc, mobile: '13800138000' }, as(ann))).status).toBe(403);
    expect((await list(bob)).map((c) => c.id)).toEqual([bobs.id]);
    expect(await list(ann)).toEqual([]);
  });

  it('deletes a wrong card, which may then be added again', async () => {
    const ann = await f.shopper();
    const card = await f.card(ann);
    expect((await f.t.call(cashContract.delBankCard, { bank_id: card.id }, as(ann))).body).toMatchObject({ code: 1, data: { bank_id: card.id } });
    expect(await list(ann)).toEqual([]);
    expect((await f.t.call(cashContract.delBankCard, { bank_id: card.id }, as(ann))).body.msg).toBe('银行卡不存在或已删除');
    expect((await add(ann)).body.code).toBe(1);
  });

  it('answers 401 without a token', async () => {
    expect((await f.t.call(cashContract.bankCardList, {})).status).toBe(401);
    expect((await f.t.call(cashContract.addBankCard, { holder: '王小明', card: CARDS.abc, mobile: '13800138000' })).status).toBe(401);
    expect((await f.t.call(cashContract.chkBank, { bank_suff: '622848' })).status).toBe(401);
  });
});

describe('POST /api/account/chkBank', () => {
  const check = async (bank_suff: string | number, lang?: string) => (await f.t.call(cashContract.chkBank, { bank_suff }, as(await f.shopper(), lang))).body;

  it('recognises the bank from the first digits typed so far', async () => {
    expect((await check('622848')).data).toEqual({ bank: '中国农业银行', type: 'unionpay' });
    expect((await check('6222 0012 3')).data).toEqual({ bank: '中国工商银行', type: 'unionpay' });
    // 622202, the most common 工商银行 prefix, is missing from banks-db: our table knows it.
    expect((await check('622202')).data).toEqual({ bank: '中国工商银行', type: 'unionpay' });
    expect((await check('629999')).data).toEqual({ bank: '', type: 'unionpay' });
    expect((await check(622588)).data.bank).toBe('招商银行');
    expect((await check(CARDS.visa)).data).toEqual({ bank: '', type: 'visa' });
  });

  it('needs six digits at least', async () => {
    expect(await check('62284', 'en')).toMatchObject({ code: 0, msg: 'Please enter at least the first 6 digits of the card number' });
    expect((await check('6228x8')).code).toBe(0);
  });
});

describe('GET /api/docs', () => {
  it('documents every call of the plugin', async () => {
    const doc = (await f.t.app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(Object.values(cashContract).map((call) => call.path)));
  });
});
