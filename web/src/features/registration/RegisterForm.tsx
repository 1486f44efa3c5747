import { type RegisterRequest, type RegistrationAccepted, TITLES } from '@cardiomap/contract';
import { checkPassword } from '@cardiomap/domain';
import { Alert, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useDeferredValue, useMemo, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ApiError, errorToastMessage } from '../../api/index.ts';
import { shownByOnError } from '../../hooks/use-api-mutation.ts';
import { PasswordStrengthMeter, usePasswordStrength } from '../password/index.ts';
import { useRegister } from './api/register.ts';
import { OrganisationField } from './OrganisationField.tsx';
import {
  emptyRegisterForm,
  formFieldOf,
  type RegisterFormValues,
  registerFormResolver,
  toRegisterRequest,
} from './register-form.ts';

interface Props {
  /** From the invitation link (`/register?email=…`). */
  initialEmail: string;
  onRegistered(answer: RegistrationAccepted, request: RegisterRequest): void;
}

/** Spec §5 "New user": names, title, phone, e-mail, password (with its meter) and the organisation request. */
export function RegisterForm({ initialEmail, onRegistered }: Props) {
  const strength = usePasswordStrength();
  const strengthRef = useRef(strength);
  strengthRef.current = strength;
  const form = useForm<RegisterFormValues>({
    resolver: registerFormResolver(() => strengthRef.current),
    defaultValues: emptyRegisterForm(initialEmail),
  });
  const [password, email, givenName, middleName, familyName] = useWatch({
    control: form.control,
    name: ['password', 'email', 'givenName', 'middleName', 'familyName'],
  });
  // The meter follows typing a beat behind: zxcvbn's estimate never holds up a keystroke.
  const typed = useDeferredValue(password);
  const verdict = useMemo(
    () =>
      typed ? checkPassword(typed, { email, names: [givenName, middleName, familyName] }, strength).strength : null,
    [typed, email, givenName, middleName, familyName, strength],
  );

  const registration = useRegister({
    // Spec §8: registration failures show on the form (field errors, else the error envelope's words).
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        for (const [path, messages] of Object.entries(error.fieldErrors)) {
          const field = formFieldOf(path);
          const [message] = Array.isArray(messages) ? messages : [];
          if (field && message) form.setError(field, { message });
        }
        const [nonField] = error.messagesFor('nonFieldErrors');
        if (nonField || Object.keys(form.formState.errors).length === 0) {
          form.setError('root', { message: nonField ?? errorToastMessage(error) });
        }
        return;
      }
      form.setError('root', { message: errorToastMessage(error) });
    },
  });

  const submit = form.handleSubmit(async (values) => {
    const request = toRegisterRequest(values);
    const answer = await registration.mutateAsync(request).catch(shownByOnError);
    if (answer) onRegistered(answer, request);
  });

  const { errors } = form.formState;
  const text = (name: Exclude<keyof RegisterFormValues, 'organisation' | 'title'>) => ({
    ...form.register(name),
    error: !!errors[name],
    helperText: errors[name]?.message,
  });
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Register">
      <Stack spacing={2}>
        <Controller
          control={form.control}
          name="title"
          render={({ field }) => (
            <TextField select label="Title" {...field} error={!!errors.title} helperText={errors.title?.message}>
              {TITLES.map((title) => (
                <MenuItem key={title || 'none'} value={title}>
                  {title || 'None'}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField label="First name" required autoComplete="given-name" autoFocus {...text('givenName')} />
        <TextField label="Middle name" autoComplete="additional-name" {...text('middleName')} />
        <TextField label="Last name" required autoComplete="family-name" {...text('familyName')} />
        <TextField label="Phone number" required type="tel" autoComplete="tel" {...text('phoneNumber')} />
        <TextField label="E-mail" required type="email" autoComplete="email" {...text('email')} />
        <Stack spacing={0.5}>
          <TextField label="Password" required type="password" autoComplete="new-password" {...text('password')} />
          <PasswordStrengthMeter verdict={verdict} />
        </Stack>
        <TextField
          label="Repeat password"
          required
          type="password"
          autoComplete="new-password"
          {...text('password2')}
        />
        <Controller
          control={form.control}
          name="organisation"
          render={({ field }) => (
            <OrganisationField value={field.value} onChange={field.onChange} error={errors.organisation?.message} />
          )}
        />
        {errors.root?.message && (
          <Alert severity="error" data-testid="register-error">
            {errors.root.message}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={registration.isPending}>
          {registration.isPending ? 'Registering…' : 'Register'}
        </Button>
      </Stack>
    </Box>
  );
}
