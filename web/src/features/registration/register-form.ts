import { REGISTRATION_MESSAGES, type RegisterRequest, registerRequestSchema } from '@cardiomap/contract';
import { checkPassword, type PasswordStrength } from '@cardiomap/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { OrganisationRequest } from './OrganisationField.tsx';

export interface RegisterFormValues {
  title: string;
  givenName: string;
  middleName: string;
  familyName: string;
  phoneNumber: string;
  email: string;
  password: string;
  password2: string;
  organisation: OrganisationRequest;
}

export type RegisterField = Exclude<keyof RegisterFormValues, never>;

export const emptyRegisterForm = (email: string): RegisterFormValues => ({
  title: '',
  givenName: '',
  middleName: '',
  familyName: '',
  phoneNumber: '',
  email,
  password: '',
  password2: '',
  organisation: { kind: 'existing', organisation: null },
});

/** The wire body of the form: the organisation request becomes an id or a new name, never both. */
export const toRegisterRequest = (values: RegisterFormValues): RegisterRequest => ({
  title: values.title as RegisterRequest['title'],
  givenName: values.givenName,
  middleName: values.middleName,
  familyName: values.familyName,
  phoneNumber: values.phoneNumber,
  email: values.email,
  password: values.password,
  password2: values.password2,
  ...(values.organisation.kind === 'existing'
    ? { organisationId: values.organisation.organisation?.id ?? null }
    : { organisationName: values.organisation.name }),
});

/** Where a message of the server or the schema goes on the form: the organisation parts share one field. */
export const formFieldOf = (path: string): RegisterField | null => {
  if (path === 'organisation' || path === 'organisationId' || path === 'organisationName') return 'organisation';
  const fields: RegisterField[] = [
    'title',
    'givenName',
    'middleName',
    'familyName',
    'phoneNumber',
    'email',
    'password',
    'password2',
  ];
  return (fields as string[]).includes(path) ? (path as RegisterField) : null;
};

/**
 * The contract's schema (spec §5 messages) plus the password rules of packages/domain, which need the
 * names and the address and, once loaded, zxcvbn. The server checks the same again.
 */
export const registerFormResolver =
  (strength: () => PasswordStrength | null): Resolver<RegisterFormValues> =>
  async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const add = (path: string, message: string) => {
      const field = formFieldOf(path);
      if (field && !errors[field]) errors[field] = { type: 'validate', message };
    };
    // Said at once, not only once every other field is right (the schema's cross-field check waits for them).
    const { organisation } = values;
    if (organisation.kind === 'existing' ? !organisation.organisation : !organisation.name.trim()) {
      add('organisation', REGISTRATION_MESSAGES.organisation);
    }
    const parsed = registerRequestSchema.safeParse(toRegisterRequest(values));
    if (!parsed.success) for (const issue of parsed.error.issues) add(String(issue.path[0] ?? ''), issue.message);
    const password = checkPassword(
      values.password,
      { email: values.email, names: [values.givenName, values.middleName, values.familyName] },
      strength(),
    );
    for (const message of password.errors) add('password', message);
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<RegisterFormValues> };
  };
