import { describe, expect, it } from 'vitest';
import { penceFromPounds } from './money-input';

/** Issue 27: every amount that comes in is a numeric string or a number, parsed exactly. */
describe('[MONEY] amounts in: a numeric string or a number, everywhere', () => {
  const amount = penceFromPounds({
    required: 'Amount is required',
    format: 'Enter pounds',
    decimals: 'Two decimals at most',
    min: { pence: 100, message: 'At least £1' },
    max: { pence: 1_000_000, message: 'At most £10,000' },
  });

  it.each([
    ['60', 6000],
    [60, 6000],
    ['60.5', 6050],
    [60.5, 6050],
    [' 60.05 ', 6005],
  ])('reads %j as %i pence, exactly', (input, pence) => {
    expect(amount.parse(input)).toBe(pence);
  });

  it.each([
    [undefined, 'Amount is required'],
    [true, 'Amount is required'],
    ['', 'Amount is required'],
    ['abc', 'Enter pounds'],
    [1e21, 'Enter pounds'],
    ['1e3', 'Enter pounds'],
    [1.005, 'Two decimals at most'],
    ['1.005', 'Two decimals at most'],
    [-5, 'At least £1'],
    ['0.50', 'At least £1'],
    ['10000.01', 'At most £10,000'],
  ])('refuses %j saying %s', (input, message) => {
    const result = amount.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
