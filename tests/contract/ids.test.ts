import * as v from 'valibot';
import { NumericId, parseNumericId, PositiveId } from '../../contract/ids.ts';

describe('ids', () => {
  it('reads a path id: digits only, no leading zero, at most ten digits', () => {
    expect(parseNumericId('7')).toBe(7);
    expect(parseNumericId(42)).toBe(42);
    expect(parseNumericId('9999999999')).toBe(9999999999);
    for (const bad of ['', '0', '07', '-1', '1.5', '1e3', 'abc', ' 7', '99999999999', null, undefined]) {
      expect(parseNumericId(bad)).toBeUndefined();
    }
    const refused = v.safeParse(NumericId, 'abc');
    expect(refused.success).toBe(false);
    expect(refused.issues?.[0].message).toBe('The id must be a positive whole number');
  });

  it('reads a body id: a positive whole number, with its own message when missing', () => {
    const schema = PositiveId('Bad id', 'Id is required');
    expect(v.parse(schema, 3)).toBe(3);
    const first = (value: unknown) => v.safeParse(schema, value).issues?.[0].message;
    expect(first(undefined)).toBe('Id is required');
    expect(first(null)).toBe('Id is required');
    expect(first(0)).toBe('Id is required');
    for (const bad of ['3', 1.5, -1, Number.MAX_SAFE_INTEGER + 2]) expect(first(bad)).toBe('Bad id');
    expect(v.safeParse(PositiveId('Bad id'), undefined).issues?.[0].message).toBe('Bad id');
  });
});
