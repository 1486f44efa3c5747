import type { UserInfo } from '@cardiomap/contract';
import { organisationLine, userMenuLinks } from '@cardiomap/domain';
import { Avatar, Box, Divider, IconButton, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isInIframe } from '../../lib/iframe.ts';
import { endSession } from '../auth/index.ts';

export const displayName = (user: Pick<UserInfo, 'title' | 'givenName' | 'familyName' | 'email'>): string =>
  [user.title, user.givenName, user.familyName].filter(Boolean).join(' ') || user.email;

const initials = (user: Pick<UserInfo, 'givenName' | 'familyName' | 'email'>): string =>
  ((user.givenName[0] ?? '') + (user.familyName[0] ?? '')).toUpperCase() || (user.email[0] ?? '?').toUpperCase();

/** Spec §2 "User menu": avatar, name, first role, organisation line, the permitted links, log out. */
export function UserMenu({ user }: { user: UserInfo }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const links = userMenuLinks(user, { inIframe: isInIframe() });
  const close = () => setAnchor(null);

  const logOut = () => {
    close();
    // Spec §2: log out goes to login, then clears the session.
    navigate('/login', { replace: true });
    void endSession(queryClient);
  };

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        // WCAG 2.5.3 label in name: the name starts with the initials the avatar shows, so a user of speech
        // input can say what they see.
        aria-label={`${initials(user)}, user menu of ${displayName(user)}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="user-menu-button"
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36 }}>{initials(user)}</Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} slotProps={{ paper: { sx: { minWidth: 260 } } }}>
        <Box sx={{ px: 2, py: 1, display: 'flex', gap: 1.5, alignItems: 'center' }} data-testid="user-menu-header">
          <Avatar sx={{ bgcolor: 'secondary.main' }}>{initials(user)}</Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap data-testid="user-menu-name">
              {displayName(user)}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap data-testid="user-menu-role">
              {user.firstRole ?? 'No role'}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap data-testid="user-menu-organisation">
              {organisationLine(user.primaryOrganisation)}
            </Typography>
          </Box>
        </Box>
        <Divider />
        {links.map((link) => (
          <MenuItem
            key={link.key}
            component={RouterLink}
            to={link.to}
            onClick={close}
            data-testid={`user-menu-link-${link.key}`}
          >
            <ListItemText>{link.label}</ListItemText>
          </MenuItem>
        ))}
        {links.length > 0 && <Divider />}
        <MenuItem onClick={logOut} data-testid="user-menu-logout">
          <ListItemText>Log out</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
