import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_SUBJECTS,
  CORRECTION_ITEM_PATTERN,
  contactEmailProblem,
  type ContactMessageInput,
} from '@coffee-guide/contracts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Grid,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SectionContent } from '@/components/markdown/markdown';
import { PageHeader } from '@/components/page-header/page-header';
import { ApiError } from '@/lib/api-client';
/** The outbox of messages written offline: loaded when one is written or the browser comes back online. */
const outbox = () => import('@/lib/outbox/contact-outbox');
import { usePageHead } from '@/lib/use-page-head';
import { usePageContent, useSiteSettings } from '@/lib/site';
import { useSendContactMessage } from '../api/send-contact-message';
import { isContactSubject } from '../utils/subjects';
import classes from './contact.module.css';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', email: '', subject: '', message: '' };
const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];

const QUICK_LINKS = [
  { href: '/faq', label: 'FAQ', text: 'Answers to the most common questions' },
  { href: '/locations', label: 'Locations', text: 'Find a stand, its hours and directions' },
  { href: '/menu', label: 'Menu', text: 'Every drink with prices and nutrition' },
];

/** docs/decisions.md ("Page states", "Input rules", "Error messages"): idle, pending ('Sending...'), success (toast, form cleared) or error (toast, text kept). */
export function ContactRoute() {
  const { settings } = useSiteSettings();
  const brand = settings.brandName;
  const content = usePageContent('contact');
  const [params] = useSearchParams();
  const prefilled = params.get('subject');
  const [values, setValues] = useState<Values>({ ...EMPTY, subject: isContactSubject(prefilled) ? prefilled : '' });
  // A report-an-error link names the page and the item it is about (docs/data/figures.md); anything else is ignored.
  const pageParam = params.get('page');
  const reportedPage = pageParam && /^\/[\x21-\x7e]{0,299}$/.test(pageParam) ? pageParam : undefined;
  const itemParam = params.get('item');
  const reportedItem = itemParam && CORRECTION_ITEM_PATTERN.test(itemParam) ? itemParam : undefined;
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  // Sending needs JavaScript: the button is enabled once the page is live (the server renders it disabled).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const send = useSendContactMessage();
  // Written offline: kept on the device and sent when the browser is back online (docs/offline.md).
  const [kept, setKept] = useState<ContactMessageInput | null>(null);
  const keptRef = useRef<ContactMessageInput | null>(null);
  keptRef.current = kept;
  useEffect(() => {
    const sendNow = () => void outbox().then((o) => o.sendKept());
    const sent = (message: ContactMessageInput) => {
      if (JSON.stringify(keptRef.current) !== JSON.stringify(message)) return;
      setKept(null);
      setValues(EMPTY);
      notifications.show({
        color: 'green',
        title: 'Message sent successfully!',
        message: "You are back online and your message went out. We'll get back to you within 24 hours.",
      });
    };
    let stopListening = () => {};
    let live = true;
    void outbox().then((o) => {
      if (live) stopListening = o.onSent(sent);
    });
    addEventListener('online', sendNow);
    return () => {
      live = false;
      stopListening();
      removeEventListener('online', sendNow);
    };
  }, []);

  usePageHead({ type: 'static', page: 'contact' });

  /** A field's name, value, change handler and error: typing clears the field's error. */
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
      if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    },
    error: errors[field],
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const missing = FIELDS.filter((f) => values[f].trim() === '');
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((f) => [f, 'This field is required'])));
      notifications.show({
        color: 'red',
        title: 'Please fill in all fields',
        message: 'All fields are required to submit your message.',
      });
      return;
    }
    // the same rule as the API's (docs/decisions.md, "Error messages"): the message names the field at fault
    const emailProblem = contactEmailProblem(values.email);
    if (emailProblem) {
      const problem = `Email ${emailProblem}`;
      setErrors({ email: problem });
      notifications.show({
        color: 'red',
        title: 'Please check your e-mail address',
        message: `${problem}, such as name@example.com.`,
      });
      return;
    }
    if (!isContactSubject(values.subject)) return;
    setServerProblem(null);
    const message: ContactMessageInput = {
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject,
      message: values.message.trim(),
      ...(reportedPage ? { page: reportedPage } : {}),
      ...(reportedItem ? { item: reportedItem } : {}),
      ...(honeypot ? { [CONTACT_HONEYPOT_FIELD]: honeypot } : {}),
    };
    const keepForLater = () =>
      void outbox().then((o) => {
        if (o.keepMessage(message)) setKept(message);
        else
          notifications.show({
            color: 'red',
            title: 'You are offline',
            message: 'Your message could not be kept on this device. Please send it again when you are back online.',
          });
      });
    if (!navigator.onLine) {
      keepForLater();
      return;
    }
    send.mutate(message, {
      onSuccess: () => {
        setValues(EMPTY);
        setErrors({});
        notifications.show({
          color: 'green',
          title: 'Message sent successfully!',
          message: "We'll get back to you within 24 hours.",
        });
      },
      onError: (error) => {
        // no answer at all (the network went away): kept like a message written offline
        if (!(error instanceof ApiError)) {
          keepForLater();
          return;
        }
        if (error instanceof ApiError && error.errors) {
          const fieldErrors: Partial<Record<Field, string>> = {};
          for (const f of FIELDS)
            if (error.errors[f]) fieldErrors[f] = `${f.charAt(0).toUpperCase()}${f.slice(1)} ${error.errors[f]}`;
          setErrors(fieldErrors);
        }
        if (error instanceof ApiError && (error.status === 429 || error.status === 503) && error.serverMessage) {
          setServerProblem(error.serverMessage);
        }
        notifications.show({
          color: 'red',
          title: 'Error sending message',
          message: 'Please try again later or contact us directly.',
        });
      },
    });
  };

  const email = content.section('info.email') || settings.contactEmail;

  return (
    <Container pb={64}>
      <PageHeader title="Contact Us" breadcrumbs={[{ label: 'Home', href: '/' }, { label: 'Contact' }]}>
        {content.status === 'pending' ? (
          <Skeleton height={48} maw={700} aria-hidden="true" />
        ) : (
          <Box maw={760}>
            <SectionContent
              content={
                content.section('intro') ??
                `Questions, corrections or ideas for this unofficial ${brand} fan guide? Send us a message.`
              }
              contentType="text"
              size="lg"
            />
          </Box>
        )}
      </PageHeader>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contact-form-title">
            <Title order={2} size="h3" id="contact-form-title" mb="md">
              Send us a message
            </Title>
            <noscript>
              <Alert color="coffee" variant="light" mb="md" title="Sending needs JavaScript">
                This form sends your message with JavaScript, which is turned off in your browser. Turn it on to send a
                message, or write to us at <Anchor href={`mailto:${email}`}>{email}</Anchor>.
              </Alert>
            </noscript>
            <form method="post" onSubmit={submit} noValidate aria-labelledby="contact-form-title">
              <Stack gap="md">
                <TextInput label="Name" autoComplete="name" required maxLength={100} {...bind('name')} />
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  {...bind('email')}
                />
                <NativeSelect
                  label="Subject"
                  required
                  data={[
                    { value: '', label: 'Choose a subject' },
                    ...CONTACT_SUBJECTS.map((s) => ({ value: s, label: s })),
                  ]}
                  {...bind('subject')}
                />
                {reportedPage && (
                  <TextInput
                    label="Page with the error"
                    name="page"
                    value={reportedPage}
                    readOnly
                    description="Tell us below what is wrong and, if you know it, the right figure and its source."
                  />
                )}
                {reportedItem && <input type="hidden" name="item" value={reportedItem} />}
                <Textarea label="Message" required rows={6} maxLength={5000} {...bind('message')} />
                <div className={classes.honeypot} aria-hidden="true">
                  <label>
                    Leave this field empty
                    <input
                      type="text"
                      name={CONTACT_HONEYPOT_FIELD}
                      tabIndex={-1}
                      autoComplete="off"
                      value={honeypot}
                      onChange={(e) => setHoneypot(e.currentTarget.value)}
                    />
                  </label>
                </div>
                {kept && (
                  <Alert color="coffee" variant="light" role="status" title="You are offline">
                    Your message is kept on this device and will be sent when you are back online.
                  </Alert>
                )}
                {serverProblem && (
                  <Alert color="red" variant="light" role="alert">
                    {serverProblem}
                  </Alert>
                )}
                <Button type="submit" size="md" disabled={!live || send.isPending} className={classes.submit}>
                  {send.isPending ? 'Sending...' : 'Send Message'}
                </Button>
              </Stack>
            </form>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contact-info-title">
              <Title order={2} size="h4" id="contact-info-title" mb="sm">
                Contact Information
              </Title>
              <Stack gap="sm">
                <div>
                  <Text fw={700} size="sm">
                    Email
                  </Text>
                  <Anchor href={`mailto:${email}`} size="sm">
                    {email}
                  </Anchor>
                </div>
                <div>
                  <Text fw={700} size="sm">
                    Hours
                  </Text>
                  <Text size="sm">
                    {content.section('info.hours') ?? 'Monday to Friday, 8 AM to 6 PM Pacific time'}
                  </Text>
                </div>
                <div>
                  <Text fw={700} size="sm">
                    Response time
                  </Text>
                  <Text size="sm">
                    {content.section('info.response') ?? 'We reply within 24 hours on working days.'}
                  </Text>
                </div>
                <Text size="xs" c="dimmed">
                  We are an unofficial fan site and cannot help with orders, payments or rewards: please contact {brand}{' '}
                  through its{' '}
                  <Anchor
                    href={settings.officialSiteUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    inherit
                    underline="always"
                  >
                    official website
                  </Anchor>
                  .
                </Text>
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg" component="nav" aria-labelledby="contact-links-title">
              <Title order={2} size="h4" id="contact-links-title" mb="sm">
                Quick Links
              </Title>
              <Stack gap="xs">
                {QUICK_LINKS.map((l) => (
                  <div key={l.href}>
                    <Anchor component={Link} to={l.href} fw={700}>
                      {l.label}
                    </Anchor>
                    <Text size="sm">{l.text}</Text>
                  </div>
                ))}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
