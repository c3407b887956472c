/** A signed-in account's user as the wire shows it (decision 070: snake_case field names). */
export interface AccountUserView {
  id: string;
  email: string | null;
  name: string;
  phone_number: string | null;
}

export function toAccountUserView(user: { id: string; email: string | null; name: string; phoneNumber: string | null }): AccountUserView {
  return { id: user.id, email: user.email, name: user.name, phone_number: user.phoneNumber };
}
