import NoPhotography from '@mui/icons-material/NoPhotographyOutlined';
import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type PressContact, pickLocalized } from '@pressroom/contract';
import { useTranslation } from 'react-i18next';
import { ReorderableList, ReorderableRow } from '../../components/reorderable-list.tsx';
import { isLanguage, languageNames } from '../../lib/i18n/languages.ts';

/** A site's press contacts in the order its pages show them, each with its buttons. */
export function PressContactsList({
  contacts,
  busy,
  onMove,
  onEdit,
  onSetPhoto,
  onRemovePhoto,
  onDelete,
}: {
  contacts: PressContact[];
  busy: boolean;
  onMove: (contact: PressContact, step: -1 | 1) => void;
  onEdit: (contact: PressContact) => void;
  onSetPhoto: (contact: PressContact, file: File) => void;
  onRemovePhoto: (contact: PressContact) => void;
  onDelete: (contact: PressContact) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ReorderableList component="ol" testId="press-contacts-list">
      {contacts.map((contact, index) => (
        <ReorderableRow
          key={contact.id}
          testId="press-contact-row"
          leading={
            <Avatar src={contact.photo_url ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
              {contact.name.slice(0, 1).toUpperCase()}
            </Avatar>
          }
          busy={busy}
          first={index === 0}
          last={index === contacts.length - 1}
          onMove={(step) => onMove(contact, step)}
          moveUp={{
            title: t('pressContactsAdmin.moveUp'),
            named: t('pressContactsAdmin.moveUpNamed', { name: contact.name }),
          }}
          moveDown={{
            title: t('pressContactsAdmin.moveDown'),
            named: t('pressContactsAdmin.moveDownNamed', { name: contact.name }),
          }}
          edit={{
            title: t('pressContactsAdmin.edit'),
            named: t('pressContactsAdmin.editNamed', { name: contact.name }),
            testId: 'edit-press-contact',
          }}
          onEdit={() => onEdit(contact)}
          upload={{
            title: t('pressContactsAdmin.photo'),
            named: t('pressContactsAdmin.photoNamed', { name: contact.name }),
            testId: 'press-contact-photo',
          }}
          uploadIcon={<PhotoCamera />}
          accept="image/jpeg,image/png,image/webp"
          onUpload={(file) => onSetPhoto(contact, file)}
          removeUpload={
            contact.photo_url
              ? {
                  title: t('pressContactsAdmin.removePhoto'),
                  named: t('pressContactsAdmin.removePhotoNamed', { name: contact.name }),
                }
              : undefined
          }
          removeUploadIcon={<NoPhotography />}
          onRemoveUpload={() => onRemovePhoto(contact)}
          remove={{
            title: t('pressContactsAdmin.delete'),
            named: t('pressContactsAdmin.deleteNamed', { name: contact.name }),
          }}
          onRemove={() => onDelete(contact)}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
              {contact.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[pickLocalized(contact.role, i18n.language), contact.email, contact.phone]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {contact.languages.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {contact.languages.map((code) => (isLanguage(code) ? languageNames[code] : code)).join(', ')}
              </Typography>
            )}
          </Box>
        </ReorderableRow>
      ))}
    </ReorderableList>
  );
}
