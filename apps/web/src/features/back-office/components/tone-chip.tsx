import Chip from '@mui/material/Chip';

export type Tone = 'success' | 'info' | 'warning' | 'error' | 'default';

/**
 * A status as a chip whose border carries the tone and whose text keeps the body colour: coloured text on a
 * light background is below the contrast WCAG asks for (warning, success).
 */
export function ToneChip({ tone, label }: { tone: Tone; label: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      sx={tone === 'default' ? undefined : { borderColor: `${tone}.main`, borderWidth: 2 }}
    />
  );
}
