import { describe, expect, it } from 'vitest';
import { CardFormSchema, formatCardNumber, formatExpiry, parseExpiry } from './card-form';

describe('the card form', () => {
  it('reads an expiry typed as MM/YY or MM/YYYY', () => {
    expect(parseExpiry('04/30')).toEqual({ expMonth: 4, expYear: 2030 });
    expect(parseExpiry(' 12 / 2031 ')).toEqual({ expMonth: 12, expYear: 2031 });
    expect(parseExpiry('0430')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });

  it('groups the card number in fours and puts the slash in the expiry as the user types', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 00')).toBe('4000 0000 00');
    expect(formatExpiry('0430')).toBe('04/30');
    expect(formatExpiry('1')).toBe('1');
  });

  it('turns a complete card into what the confirm route takes', () => {
    const result = CardFormSchema.parse({
      cardNumber: '4242 4242 4242 4242',
      expiry: '04/30',
      cvc: '123',
    });
    expect(result).toEqual({
      cardNumber: '4242424242424242',
      expiry: { expMonth: 4, expYear: 2030 },
      cvc: '123',
    });
  });

  it("says what is missing in Stripe's words", () => {
    const result = CardFormSchema.safeParse({ cardNumber: '4242', expiry: '13/30', cvc: '1' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(messages).toEqual([
      ['cardNumber', 'Your card number is incomplete.'],
      ['expiry', "Your card's expiration month is invalid."],
      ['cvc', "Your card's security code is incomplete."],
    ]);
  });
});
