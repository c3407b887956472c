/**
 * SPEC §8's `weak_password` carries a list of reasons. The rule follows NIST SP 800-63B:
 * a minimum length and a deny-list of common passwords, no composition rules.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// The most common passwords of 8+ characters from public breach corpora (shorter ones fail on length).
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '11111111', '00000000', '88888888',
  '87654321', '987654321', '11223344', '12341234', '123321123', '147258369', '147852369', '159357456',
  '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', '1qazxsw2', 'zaq12wsx', 'qwertyui', 'qwertyuiop', 'qwerty123',
  'qwerty12', 'qwerty1234', 'asdfghjk', 'asdfghjkl', 'zxcvbnm1', 'zxcvbnm123', 'q1w2e3r4', 'q1w2e3r4t5',
  'password', 'password1', 'password12', 'password123', 'password!', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'pa$$w0rd', 'passwort', 'iloveyou', 'iloveyou1', 'princess', 'princess1', 'sunshine', 'sunshine1',
  'football', 'football1', 'baseball', 'basketball', 'superman', 'batman123', 'starwars', 'whatever',
  'trustno1', 'welcome1', 'welcome123', 'letmein1', 'letmein123', 'abc12345', 'abcd1234', 'abcdefgh',
  'aa123456', 'a1234567', 'a12345678', 'admin123', 'administrator', 'changeme', 'computer', 'internet',
  'michelle', 'jennifer', 'jordan23', 'charlie1', 'master123', 'mustang1', 'shadow12', 'dragon12',
  'monkey12', 'liverpool', 'chelsea1', 'arsenal1', 'manchester', 'samsung1', 'samsung123', 'google123',
  'test1234', 'testtest', 'secret123', 'freedom1', 'ginger12', 'hello123', 'helloworld', 'lovely12',
  'qazwsxedc', 'zxcvbnma', 'asdf1234', 'asdfasdf', 'qweasdzxc', 'pokemon1', 'minecraft', 'fuckyou1',
  'michael1', 'jessica1', 'ashley12', 'daniel12', 'nicole12', 'butterfly', 'chocolate', 'password2',
  'loveyou1', 'babygirl', 'babygirl1', 'cookie12', 'flower12', 'lovelove', 'myspace1', 'soccer12',
  'summer12', 'spring12', 'winter12', 'autumn12', 'monday12', 'friday12', 'pass1234', 'pass12345',
  'mypassword', 'newpassword', 'security', 'qwer1234', '1234qwer', 'zaq1zaq1', '!qaz2wsx', '1234abcd',
  '123qweasd', '123abc123', 'abc123456', 'qwe123456', 'aaaaaaaa', 'zzzzzzzz', 'asdasdasd', 'qweqweqwe',
  'blink182', 'yankees1', 'cowboys1', 'eagles12', 'steelers', 'mercedes', 'ferrari1', 'porsche1',
  'matrix12', 'access14', 'thomas12', 'robert12', 'andrew12', 'joshua12', 'hunter12', 'killer12',
]);

export type PasswordWeakness = 'too_short' | 'too_long' | 'common_password' | 'repeated_character';

const REASON_TEXT: Record<PasswordWeakness, string> = {
  too_short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  too_long: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  common_password: 'Password is too common',
  repeated_character: 'Password must not be one character repeated',
};

export function passwordWeaknesses(password: string): PasswordWeakness[] {
  const reasons: PasswordWeakness[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) reasons.push('too_short');
  if (password.length > PASSWORD_MAX_LENGTH) reasons.push('too_long');
  if (COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push('common_password');
  else if (password.length > 0 && /^(.)\1*$/.test(password)) reasons.push('repeated_character');
  return reasons;
}

export function describePasswordWeakness(reason: PasswordWeakness): string {
  return REASON_TEXT[reason];
}
