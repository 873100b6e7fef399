import Box from '@mui/material/Box';
import { mediaTypes, periodicities, qualifies, sectors } from '@pressroom/contract';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCountryField } from '../../../components/country-field.tsx';
import { FormSelectField, FormTextField } from '../../../components/form-fields.tsx';

export const pressDataFieldNames = [
  'qualify',
  'publishing_house',
  'newspaper',
  'media_type',
  'periodicity',
  'printing_copies',
  'sector',
  'cap',
  'province',
  'country',
] as const;

/** Empty text -> null, digits -> a number, anything else is left for the schema to refuse. */
const parseCopies = (raw: string) =>
  raw.trim() === '' ? null : /^\d+$/.test(raw.trim()) ? Number(raw) : raw;

export const formGrid = {
  display: 'grid',
  gap: 2.5,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
} as const;

/** The press data of PRODUCT.md section 4, with the specification's enumerations as selects. */
export function PressDataFields<Values extends FieldValues>({
  control,
  unmapped,
}: {
  control: Control<Values>;
  /** The country typed before countries were codes, when it names none. */
  unmapped?: string;
}) {
  const { t } = useTranslation();
  const name = (field: (typeof pressDataFieldNames)[number]) => field as Path<Values>;
  const options = (prefix: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  return (
    <Box sx={formGrid}>
      <FormSelectField
        control={control}
        name={name('qualify')}
        label={t('signUp.qualify')}
        options={options('qualify', qualifies)}
        required
      />
      <FormTextField control={control} name={name('newspaper')} label={t('signUp.newspaper')} required />
      <FormTextField
        control={control}
        name={name('publishing_house')}
        label={t('signUp.publishingHouse')}
        optional
      />
      <FormSelectField
        control={control}
        name={name('media_type')}
        label={t('signUp.mediaType')}
        options={options('mediaType', mediaTypes)}
        required
      />
      <FormSelectField
        control={control}
        name={name('periodicity')}
        label={t('signUp.periodicity')}
        options={options('periodicity', periodicities)}
        optional
      />
      <FormTextField
        control={control}
        name={name('printing_copies')}
        label={t('signUp.printingCopies')}
        parse={parseCopies}
        optional
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
      <FormSelectField
        control={control}
        name={name('sector')}
        label={t('signUp.sector')}
        options={options('sector', sectors)}
        required
      />
      <FormCountryField
        control={control}
        name={name('country')}
        label={t('signUp.country')}
        required
        unmapped={unmapped}
      />
      <FormTextField control={control} name={name('province')} label={t('signUp.province')} optional />
      <FormTextField
        control={control}
        name={name('cap')}
        label={t('signUp.cap')}
        optional
        autoComplete="postal-code"
      />
    </Box>
  );
}
