import { TITLES, type UserInfo } from '@cardiomap/contract';
import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { accountFormErrors } from '../../api/index.ts';
import { useApiMutation } from '../../hooks/use-api-mutation.ts';
import { setCurrentUser } from '../auth/index.ts';
import { changeProfile } from './api/settings-api.ts';

const FIELDS = ['givenName', 'middleName', 'familyName', 'title', 'phoneNumber'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const LABELS: Record<Field, string> = {
  givenName: 'First name',
  middleName: 'Middle name',
  familyName: 'Last name',
  title: 'Title',
  phoneNumber: 'Phone number',
};

/** Spec §5 limits: names required, middle name at most 30, phone at most 150. */
function validate(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.givenName.trim()) errors.givenName = 'This field is required';
  if (!values.familyName.trim()) errors.familyName = 'This field is required';
  if (values.phoneNumber.length > 150) errors.phoneNumber = 'Ensure this field has no more than 150 characters.';
  if (values.middleName.length > 30) errors.middleName = 'Ensure this field has no more than 30 characters.';
  return errors;
}

/** Settings, user details: names, title and phone (profilechange/). */
export function ProfileForm({ user }: { user: UserInfo }) {
  const queryClient = useQueryClient();
  const initial: Values = {
    givenName: user.givenName,
    middleName: user.middleName,
    familyName: user.familyName,
    title: user.title,
    phoneNumber: user.phoneNumber,
  };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useApiMutation(
    {
      mutationFn: (body: Values) => changeProfile(body),
      successToast: 'Profile updated successfully',
      onSuccess: (updated) => setCurrentUser(queryClient, updated),
    },
    {
      onError: (error) => {
        const server = accountFormErrors(error, FIELDS);
        setErrors(server.fields);
        setFormError(server.form);
      },
    },
  );
  const changed = FIELDS.some((field) => values[field] !== initial[field]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length === 0) save.mutate(values);
  };

  const field = (name: Field, extra: { select?: boolean; required?: boolean } = {}) => (
    <TextField
      label={LABELS[name]}
      value={values[name]}
      required={extra.required}
      select={extra.select}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      disabled={save.isPending}
    >
      {extra.select
        ? TITLES.map((title) => (
            <MenuItem key={title || 'none'} value={title}>
              {title || 'None'}
            </MenuItem>
          ))
        : undefined}
    </TextField>
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="User details">
      <TextField label="E-mail" value={user.email} disabled />
      {field('title', { select: true })}
      {field('givenName', { required: true })}
      {field('middleName')}
      {field('familyName', { required: true })}
      {field('phoneNumber')}
      {formError && <Alert severity="error">{formError}</Alert>}
      <Button type="submit" variant="contained" disabled={!changed || save.isPending} sx={{ alignSelf: 'flex-start' }}>
        {save.isPending ? 'Saving…' : 'Save details'}
      </Button>
    </Stack>
  );
}
