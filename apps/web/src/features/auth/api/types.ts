/** The user object the auth endpoints answer with. */
export interface AuthUser {
  id: string;
  email: string | null;
  phoneNumber: string | null;
  name: string | null;
}

export interface AuthResponse {
  user: AuthUser;
}

export interface OkResponse {
  ok: true;
}
