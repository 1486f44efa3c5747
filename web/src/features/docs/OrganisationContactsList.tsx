import { Alert, CircularProgress, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useIsAuthenticated } from '../auth/index.ts';
import { useOrganisationContacts } from './api/get-organisation-contacts.ts';

export const NO_CONTACTS = 'Your organisation has not named a contact person yet.';

/**
 * The Contact Us page's part for signed-in users: the members each of their organisations flagged as
 * contact (spec §3 organisation membership `contact`). Signed-out visitors see nothing here.
 */
export function OrganisationContactsList() {
  const signedIn = useIsAuthenticated();
  const contacts = useOrganisationContacts(signedIn);
  if (!signedIn) return null;
  if (contacts.isPending) return <CircularProgress size={24} aria-label="Loading contacts" />;
  if (contacts.isError) return <Alert severity="error">Your organisation's contacts could not be loaded.</Alert>;
  if (contacts.data.length === 0) return null;
  return (
    <Stack spacing={2} sx={{ mb: 3 }} data-testid="organisation-contacts">
      <Typography>Your organisation's contacts help with access, licences and trainings at your site.</Typography>
      {contacts.data.map((organisation) => (
        <section key={organisation.organisationId} aria-label={organisation.organisationName}>
          <Typography variant="h6" component="h2">
            {organisation.organisationName}
          </Typography>
          {organisation.contacts.length === 0 ? (
            <Typography color="text.secondary">{NO_CONTACTS}</Typography>
          ) : (
            <List dense disablePadding>
              {organisation.contacts.map((contact) => (
                <ListItem key={contact.email} disableGutters>
                  <ListItemText
                    primary={contact.name || contact.email}
                    secondary={
                      <>
                        <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
                        {contact.phoneNumber && ` · ${contact.phoneNumber}`}
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
        </section>
      ))}
    </Stack>
  );
}
