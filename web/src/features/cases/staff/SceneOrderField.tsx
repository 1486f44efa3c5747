import type { Visualisation } from '@cardiomap/contract';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { FormHelperText, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';

/** The list with the item at `index` moved one place up (-1) or down (+1). */
export function moved<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/**
 * The scene's visualisation order (PATCH studies/{id}/, the advanced case options of spec §6
 * simulations.change_study): the order the viewer lists and draws them in. Nothing to order below two.
 */
export function SceneOrderField({
  visualisations,
  order,
  onChange,
  disabled,
}: {
  visualisations: readonly Visualisation[];
  /** Visualisation ids in the chosen order. */
  order: readonly string[];
  onChange: (order: string[]) => void;
  disabled: boolean;
}) {
  if (visualisations.length < 2) return null;
  const byId = new Map(visualisations.map((v) => [v.id, v]));
  const name = (id: string) => byId.get(id)?.name || 'Unnamed visualisation';
  return (
    <div>
      <Typography id="scene-order-label" variant="subtitle2">
        Scene order
      </Typography>
      <List dense aria-labelledby="scene-order-label">
        {order.map((id, index) => (
          <ListItem
            key={id}
            secondaryAction={
              <>
                <IconButton
                  aria-label={`Move ${name(id)} up`}
                  disabled={disabled || index === 0}
                  onClick={() => onChange(moved(order, index, -1))}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={`Move ${name(id)} down`}
                  disabled={disabled || index === order.length - 1}
                  onClick={() => onChange(moved(order, index, 1))}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
              </>
            }
          >
            <ListItemText primary={name(id)} />
          </ListItem>
        ))}
      </List>
      <FormHelperText>The order the viewer lists and draws the study's visualisations in.</FormHelperText>
    </div>
  );
}
