import { accountMessagesMessages } from '../../contract/account-messages.ts';
import { authMessages } from '../../contract/auth.ts';
import {
  returnToFrom,
  termsRequired,
  validateLogin,
  validateRegistration,
  type RegistrationValues,
} from '../../machines/session/auth-forms.ts';

describe('validateLogin', () => {
  it.each([
    ['both blank', '', ''],
    ['blank email', '', 'secret123'],
    ['blank password', 'asha@example.com', ''],
    ['whitespace-only email', '   ', 'secret123'],
    ['whitespace-only password', 'asha@example.com', '   '],
  ])('refuses %s with the one spec message', (_, email, password) => {
    expect(validateLogin({ email, password })).toEqual({
      ok: false,
      message: 'Please enter both email and password',
    });
  });

  it('returns the request the server expects: e-mail trimmed and lower-cased, password untouched', () => {
    expect(validateLogin({ email: '  Asha@Example.COM ', password: ' secret123 ' })).toEqual({
      ok: true,
      request: { email: 'asha@example.com', password: ' secret123 ' },
    });
  });
});

describe('validateRegistration', () => {
  const valid: RegistrationValues = {
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '',
    password: 'secret123',
    confirmPassword: 'secret123',
    acceptTerms: true,
  };
  const message = (changes: Partial<RegistrationValues>) => {
    const result = validateRegistration({ ...valid, ...changes });
    return result.ok ? 'ok' : result.message;
  };

  it.each(['name', 'email', 'password', 'confirmPassword'] as const)(
    'asks for all required fields when %s is blank or whitespace',
    (field) => {
      expect(message({ [field]: '' })).toBe('Please fill in all required fields');
      expect(message({ [field]: '   ' })).toBe('Please fill in all required fields');
    },
  );

  it('does not require the phone', () => {
    expect(validateRegistration(valid)).toEqual({
      ok: true,
      request: {
        name: 'Asha Rao',
        email: 'asha@example.com',
        phone: undefined,
        password: 'secret123',
        whatsappUpdates: false,
      },
    });
  });

  it('sends the ticked WhatsApp box, and asks for a mobile beside it when the phone is not one', () => {
    expect(validateRegistration({ ...valid, phone: '98450 12345', whatsappUpdates: true })).toMatchObject({
      ok: true,
      request: { phone: '98450 12345', whatsappUpdates: true },
    });
    for (const phone of ['', '2345 6789'])
      expect(validateRegistration({ ...valid, phone, whatsappUpdates: true })).toEqual({
        ok: false,
        message: accountMessagesMessages.whatsappNeedsMobile,
        fields: { phone: accountMessagesMessages.whatsappNeedsMobile },
      });
  });

  it('checks in the spec order: required, match, length, terms, then the shared schema', () => {
    // Everything wrong at once: the required-fields message wins.
    expect(message({ name: '', confirmPassword: 'other', password: '123', acceptTerms: false })).toBe(
      authMessages.registerRequired,
    );
    expect(message({ password: '123', confirmPassword: '1234', acceptTerms: false })).toBe(
      'Passwords do not match',
    );
    expect(message({ password: '12345', confirmPassword: '12345', acceptTerms: false })).toBe(
      'Password must be at least 6 characters long',
    );
    expect(message({ acceptTerms: false, email: 'not-an-email' })).toBe(termsRequired);
    expect(message({ email: 'not-an-email' })).toBe(authMessages.emailInvalid);
  });

  it('accepts exactly 6 characters', () => {
    expect(message({ password: '123456', confirmPassword: '123456' })).toBe('ok');
  });

  it('names the terms in its message', () => {
    expect(termsRequired).toBe('Please accept the Terms of Service and Privacy Policy');
  });

  it('passes on the shared schema messages (phone, long name)', () => {
    expect(message({ phone: 'call me' })).toBe(authMessages.phoneInvalid);
    expect(message({ name: 'A'.repeat(101) })).toBe('Name must be at most 100 characters');
  });

  it('sends the phone when given, trimmed, and the e-mail normalised', () => {
    expect(
      validateRegistration({ ...valid, email: ' Asha@Example.com ', phone: ' +91 98450 12345 ' }),
    ).toEqual({
      ok: true,
      request: {
        name: 'Asha Rao',
        email: 'asha@example.com',
        phone: '+91 98450 12345',
        password: 'secret123',
        whatsappUpdates: false,
      },
    });
  });
});

describe('returnToFrom', () => {
  it.each([
    ['', '/'],
    ['redirect=%2Faccount', '/account'],
    ['redirect=%2Fcheckout%3Fstep%3D2', '/checkout?step=2'],
    ['redirect=%2Faccount%2Forders&x=1', '/account/orders'],
    ['redirect=https%3A%2F%2Fevil.example', '/'],
    ['redirect=%2F%2Fevil.example', '/'],
    ['redirect=%2F%5Cevil.example', '/'],
    ['redirect=account', '/'],
    ['redirect=%2Flogin', '/'],
    ['redirect=%2Fregister%3Fa%3D1', '/'],
    ['redirect=%2Floginhelp', '/loginhelp'],
  ])('%j -> %s', (search, expected) => {
    expect(returnToFrom(search)).toBe(expected);
  });

  it('uses the given fallback', () => {
    expect(returnToFrom('', '/account')).toBe('/account');
  });
});
