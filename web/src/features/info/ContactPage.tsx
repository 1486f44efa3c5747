import { Link, Typography } from '@mui/material';
import { OrganisationContactsList } from '../docs/index.ts';
import { InfoPage } from './InfoPage.tsx';

export const SUPPORT_EMAIL = 'support@cardiomap.test';

/**
 * Spec §2 "contact" and the user menu's Contact Us link: public; a signed-in user also sees the
 * contacts of their organisations.
 */
export function ContactPage() {
  return (
    <InfoPage title="Contact us">
      <OrganisationContactsList />
      <Typography sx={{ mb: 2 }}>
        For questions about a case, an analysis or your account, write to our clinical support team at{' '}
        <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>. Please never send patient data by e-mail: refer
        to the case by its identifier instead.
      </Typography>
      <Typography sx={{ mb: 2 }}>Support is available on working days from 08:00 to 18:00 CET.</Typography>
    </InfoPage>
  );
}
