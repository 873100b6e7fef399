import Add from '@mui/icons-material/Add';
import NoPhotography from '@mui/icons-material/NoPhotographyOutlined';
import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type PressBox, type PressBoxContact, pickLocalized } from '@pressroom/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PressContactDialog } from '../../../components/press-contact-dialog.tsx';
import { ReorderableList, ReorderableRow } from '../../../components/reorderable-list.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { isLanguage, languageNames } from '../../../lib/i18n/languages.ts';
import { notify } from '../../../lib/notifications.ts';
import { type PressBoxAnswer, pressBoxApi } from './exhibitors-api.ts';
import type { PressBoxAct } from './press-box-logo-section.tsx';
import { Section } from './section.tsx';

/** The press box's contacts in their order: added, changed, moved, their photos, removed. */
export function PressBoxContactsSection({
  box,
  busy,
  act,
  received,
}: {
  box: PressBox;
  busy: string | null;
  act: PressBoxAct;
  received: (answer: PressBoxAnswer, applied: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const company = box.company.id;
  const [editing, setEditing] = useState<PressBoxContact | 'new' | null>(null);
  const [removing, setRemoving] = useState<PressBoxContact | null>(null);

  /** The contacts' ids with one moved a step up (-1) or down (+1). */
  const movedOrder = (index: number, step: -1 | 1) => {
    const order = box.contacts.map((contact) => contact.id);
    [order[index], order[index + step]] = [order[index + step], order[index]];
    return order;
  };

  return (
    <>
      <Section
        title={t('backOffice.pressBox.contacts')}
        testId="press-box-contacts"
        action={
          <Button
            variant="outlined"
            startIcon={<Add />}
            onClick={() => setEditing('new')}
            data-testid="add-box-contact"
          >
            {t('backOffice.pressBox.addContact')}
          </Button>
        }
      >
        {box.contacts.length === 0 ? (
          <Typography color="text.secondary">{t('backOffice.pressBox.noContacts')}</Typography>
        ) : (
          <ReorderableList component="ul">
            {box.contacts.map((contact, index) => (
              <ReorderableRow
                key={contact.id}
                testId="box-contact-row"
                leading={
                  <Avatar src={contact.photo_url ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
                    {contact.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                }
                busy={busy !== null}
                first={index === 0}
                last={index === box.contacts.length - 1}
                onMove={(step) =>
                  act(
                    `order-${contact.id}`,
                    () => pressBoxApi.reorderContacts(company, movedOrder(index, step)),
                    t('backOffice.pressBox.moved'),
                  )
                }
                moveUp={{
                  title: t('backOffice.pressBox.moveUp'),
                  named: t('backOffice.pressBox.moveUpNamed', { name: contact.name }),
                  testId: 'box-contact-up',
                }}
                moveDown={{
                  title: t('backOffice.pressBox.moveDown'),
                  named: t('backOffice.pressBox.moveDownNamed', { name: contact.name }),
                  testId: 'box-contact-down',
                }}
                edit={{
                  title: t('backOffice.pressBox.editContact'),
                  named: t('backOffice.pressBox.editContactNamed', { name: contact.name }),
                  testId: 'edit-box-contact',
                }}
                onEdit={() => setEditing(contact)}
                upload={{
                  title: t('backOffice.pressBox.contactPhoto'),
                  named: t('backOffice.pressBox.contactPhotoNamed', { name: contact.name }),
                  testId: 'box-contact-photo',
                }}
                uploadIcon={<PhotoCamera />}
                accept="image/jpeg,image/png,image/webp"
                onUpload={(file) =>
                  void act(
                    `photo-${contact.id}`,
                    () => pressBoxApi.setPhoto(company, contact.id, file, i18n.language),
                    t('backOffice.pressBox.photoSaved'),
                  )
                }
                removeUpload={
                  contact.photo_url
                    ? {
                        title: t('backOffice.pressBox.removePhoto'),
                        named: t('backOffice.pressBox.removePhotoNamed', { name: contact.name }),
                        testId: 'box-contact-remove-photo',
                      }
                    : undefined
                }
                removeUploadIcon={<NoPhotography />}
                onRemoveUpload={() =>
                  act(
                    `photo-${contact.id}`,
                    () => pressBoxApi.removePhoto(company, contact.id),
                    t('backOffice.pressBox.photoRemoved'),
                  )
                }
                remove={{
                  title: t('backOffice.pressBox.removeContact'),
                  named: t('backOffice.pressBox.removeContactNamed', { name: contact.name }),
                  testId: 'remove-box-contact',
                }}
                onRemove={() => setRemoving(contact)}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    <bdi>{contact.name}</bdi>
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {[pickLocalized(contact.role, i18n.language), contact.email, contact.phone]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                  {contact.languages.length > 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {t('backOffice.pressBox.speaks', {
                        languages: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
                          contact.languages.map((code) => (isLanguage(code) ? languageNames[code] : code)),
                        ),
                      })}
                    </Typography>
                  )}
                </Box>
              </ReorderableRow>
            ))}
          </ReorderableList>
        )}
      </Section>

      {editing !== null && (
        <PressContactDialog
          contact={editing === 'new' ? null : editing}
          labels={{
            title: t(
              editing === 'new'
                ? 'backOffice.pressBox.addContactTitle'
                : 'backOffice.pressBox.editContactTitle',
            ),
            name: t('backOffice.pressBox.contactName'),
            role: t('backOffice.pressBox.contactRole'),
            roleIn: (language) => t('backOffice.pressBox.contactRoleIn', { language }),
            email: t('backOffice.pressBox.contactEmail'),
            phone: t('backOffice.pressBox.contactPhone'),
            languages: t('backOffice.pressBox.contactLanguages'),
            cancel: t('backOffice.cancel'),
            save: t('backOffice.save'),
            saving: t('backOffice.saving'),
          }}
          testIdPrefix="box-contact"
          spokenTestIdPrefix="box-contact-speaks-"
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            const added = editing === 'new';
            const answer = added
              ? await pressBoxApi.addContact(company, values)
              : await pressBoxApi.updateContact(company, editing.id, values);
            setEditing(null);
            await received(
              answer,
              t(added ? 'backOffice.pressBox.contactAdded' : 'backOffice.pressBox.contactSaved'),
            );
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('backOffice.pressBox.removeContactTitle')}
        text={t('backOffice.pressBox.removeContactText', { name: removing?.name ?? '' })}
        confirmLabel={t('backOffice.pressBox.removeContact')}
        cancelLabel={t('backOffice.cancel')}
        onClose={() => setRemoving(null)}
        testId="remove-box-contact-dialog"
        onConfirm={async () => {
          if (!removing) return;
          let answer: PressBoxAnswer;
          try {
            answer = await pressBoxApi.removeContact(company, removing.id);
          } catch (error) {
            notify.error(apiErrorMessage(error));
            throw error;
          }
          await received(answer, t('backOffice.pressBox.contactRemoved'));
        }}
      />
    </>
  );
}
