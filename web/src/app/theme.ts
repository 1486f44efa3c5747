import { createTheme } from '@mui/material/styles';

/**
 * WCAG 2.2 AA (issue 30): every palette colour that MUI uses as text on white or on the page's grey
 * (outlined chips and buttons, text buttons, icons with labels) keeps at least 4.5:1. MUI's default
 * warning (#ed6c02, 3.1:1) and info (#0288d1, 3.9:1) do not, so they are darker shades of the same hue;
 * white text on them as filled chips stays above 4.5:1 too.
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#0d47a1' },
    secondary: { main: '#b71c1c' },
    warning: { main: '#9a5b00', contrastText: '#ffffff' },
    info: { main: '#0369a1', contrastText: '#ffffff' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 6 },
});
