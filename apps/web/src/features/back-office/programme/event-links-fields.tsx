import { type ProgrammeEvent, pickLocalized } from '@pressroom/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/contract-messages.ts';
import { releasePickQuery } from '../../../lib/release-pick.ts';
import { useSiteGroup } from '../../../lib/site.ts';
import type { EventForm } from './event-form-values.ts';
import { LinksPicker } from './links-picker.tsx';
import { galleryPickQuery, type LinkChoice } from './programme-api.ts';

/** The releases and galleries the event links to, each perhaps held until the event starts. */
export function EventLinksFields({
  form,
  event,
}: {
  form: UseFormReturn<EventForm>;
  event: ProgrammeEvent | null;
}) {
  const { t, i18n } = useTranslation();
  const site = useSiteGroup();
  const [releaseSearch, setReleaseSearch] = useState('');
  const releaseChoices = useQuery(releasePickQuery(site.data?.id, releaseSearch, i18n.language));
  const galleryChoices = useQuery(galleryPickQuery(i18n.language));
  // What is chosen keeps its title to show as a chip, whatever the current search offers.
  const [chosenReleases, setChosenReleases] = useState<LinkChoice[]>(event?.releases ?? []);
  const [chosenGalleries, setChosenGalleries] = useState<LinkChoice[]>(
    (event?.galleries ?? []).map((gallery) => ({
      id: gallery.id,
      title: pickLocalized(gallery.title, i18n.language),
    })),
  );
  return (
    <>
      <Controller
        control={form.control}
        name="releases"
        render={({ field }) => (
          <LinksPicker
            label={t('programmeAdmin.form.releases')}
            help={t('programmeAdmin.form.releasesHelp')}
            options={releaseChoices.data ?? []}
            value={chosenReleases}
            onChange={(chosen) => {
              setChosenReleases(chosen);
              field.onChange(chosen.map((choice) => choice.id));
            }}
            atStart={form.watch('releases_at_start')}
            onAtStartChange={(ids) =>
              form.setValue('releases_at_start', ids, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
            atStartError={translateMessage(form.formState.errors.releases_at_start?.message)}
            onSearch={setReleaseSearch}
            loading={releaseChoices.isFetching}
            testId="event-form-releases"
          />
        )}
      />
      <Controller
        control={form.control}
        name="galleries"
        render={({ field }) => (
          <LinksPicker
            label={t('programmeAdmin.form.galleries')}
            help={t('programmeAdmin.form.galleriesHelp')}
            options={galleryChoices.data ?? []}
            value={chosenGalleries}
            onChange={(chosen) => {
              setChosenGalleries(chosen);
              field.onChange(chosen.map((choice) => choice.id));
            }}
            atStart={form.watch('galleries_at_start')}
            onAtStartChange={(ids) =>
              form.setValue('galleries_at_start', ids, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
            atStartError={translateMessage(form.formState.errors.galleries_at_start?.message)}
            loading={galleryChoices.isFetching}
            testId="event-form-galleries"
          />
        )}
      />
    </>
  );
}
