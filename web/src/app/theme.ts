import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#0d47a1' },
    secondary: { main: '#b71c1c' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 6 },
});
