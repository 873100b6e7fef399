/** Strings of the journalist's choice about the press office's mail, under `pressMail.` in every catalog. */
export const pressMailEn = {
  title: "The press office's mail",
  label: 'Send me the press office’s releases and invitations',
  help: 'Chosen releases and event invitations of the press office, by e-mail. Every mail has a link to stop them at once.',
  question:
    'May the press office send you chosen releases and invitations by e-mail? You can change this on your profile at any time, and every mail has a link to stop them.',
  yes: 'Yes, send them',
  no: 'No, thanks',
  on: 'You will receive the press office’s mail.',
  off: 'You will not receive the press office’s mail.',
  signUp: 'Send me the press office’s releases and invitations by e-mail (optional)',
  withdrawTitle: "Stop the press office's mail",
  withdrawText:
    'Stop receiving the releases and invitations the press office sends by e-mail? You can turn them on again on your profile.',
  withdrawAction: 'Stop receiving them',
};
