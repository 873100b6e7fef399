// The loopback SMTP server and MIME reader live with the other test-support code in e2e/support; API tests
// import them from here.
export { freePort } from '../../../../e2e/support/net.ts';
export {
  parseMail,
  type ReceivedMail,
  startSmtpServer,
  type TestSmtpServer,
} from '../../../../e2e/support/smtp.ts';
