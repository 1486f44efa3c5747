import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';

/** Spec §9: the search applies 500 ms after the user stops typing. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The case search box. It keeps its own text while the user types and reports it once typing pauses;
 * a change from outside (reset filters, back button) replaces the text.
 */
export function SearchField({ value, onChange }: { value: string; onChange: (search: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // The latest callback, so that only a change of the debounced text reports (never a re-render).
  const report = useRef(onChange);
  report.current = onChange;
  const reported = useRef(value);
  useEffect(() => {
    const search = debounced.trim();
    if (search === reported.current) return;
    reported.current = search;
    report.current(search);
  }, [debounced]);

  return (
    <TextField
      size="small"
      label="Search"
      placeholder="Case, patient or organisation"
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { maxLength: 100 },
      }}
      // Wide enough for the whole placeholder in any of the usual sans-serif fonts.
      sx={{ width: { xs: '100%', sm: 360 } }}
    />
  );
}
