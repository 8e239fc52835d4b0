import type { ContactAccepted, SiteBundle } from '@coffee-guide/contracts';
import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => notifications.clean());

const site: SiteBundle = {
  settings: { brandName: 'Dutch Bros', contactEmail: 'fans@example.test' },
  pageContent: {
    contact: {
      intro: { content: 'Questions about {brand}? Write to us.', contentType: 'text' },
      'info.email': { content: '{email}', contentType: 'text' },
      'info.hours': { content: 'Monday to Friday, 8 AM to 6 PM Pacific time', contentType: 'text' },
      'info.response': { content: 'We reply within 24 hours on working days.', contentType: 'text' },
    },
  },
};

const accepted: ContactAccepted = { id: 'contact:abc' };

async function fillForm(
  user: ReturnType<typeof renderApp>['user'],
  values: { name?: string; email?: string; subject?: string; message?: string },
) {
  if (values.name) await user.type(screen.getByRole('textbox', { name: /Name/ }), values.name);
  if (values.email) await user.type(screen.getByRole('textbox', { name: /Email/ }), values.email);
  if (values.subject) await user.selectOptions(screen.getByRole('combobox', { name: /Subject/ }), values.subject);
  if (values.message) await user.type(screen.getByRole('textbox', { name: /Message/ }), values.message);
}

const full = {
  name: 'Ana Fan',
  email: 'ana@example.test',
  subject: 'Menu & Nutrition',
  message: 'Is the Golden Eagle a breve?',
};

describe('/contact', () => {
  it('shows the intro, contact information and quick links from the page content', async () => {
    mockApi({ '/api/site': { status: 200, body: site } });
    renderApp('/contact');

    expect(await screen.findByText('Questions about Dutch Bros? Write to us.')).toBeInTheDocument();
    const info = screen.getByRole('region', { name: 'Contact Information' });
    expect(within(info).getByRole('link', { name: 'fans@example.test' })).toHaveAttribute(
      'href',
      'mailto:fans@example.test',
    );
    expect(info).toHaveTextContent('Monday to Friday, 8 AM to 6 PM Pacific time');
    const links = screen.getByRole('navigation', { name: 'Quick Links' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/faq', '/locations', '/menu']);
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveAttribute('rows', '6');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeRequired();
  });

  it('sends nothing and shows the missing-fields toast when a field is empty or blank', async () => {
    const fetchMock = mockApi({
      '/api/site': { status: 200, body: site },
      '/api/contact': { status: 202, body: accepted },
    });
    const { user } = renderApp('/contact');

    await screen.findByRole('heading', { name: 'Send us a message' });
    await fillForm(user, { ...full, message: '   ' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
    expect(screen.getByText('All fields are required to submit your message.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/api/contact')).toHaveLength(0);
  });

  it('names the e-mail address when it is not one, and sends nothing', async () => {
    const fetchMock = mockApi({
      '/api/site': { status: 200, body: site },
      '/api/contact': { status: 202, body: accepted },
    });
    const { user } = renderApp('/contact');

    await screen.findByRole('heading', { name: 'Send us a message' });
    await fillForm(user, { ...full, email: 'ana.example.test' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Please check your e-mail address')).toBeInTheDocument();
    expect(screen.queryByText('Please fill in all fields')).not.toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email must be a valid e-mail address');
    expect(callsTo(fetchMock, '/api/contact')).toHaveLength(0);
  });

  it("sends the fields, reads 'Sending...' while pending, then toasts success and clears the form", async () => {
    let release: (r: MockResponse) => void = () => {};
    const fetchMock = mockApi({
      '/api/site': { status: 200, body: site },
      '/api/contact': () => new Promise<MockResponse>((resolve) => (release = resolve)),
    });
    const { user } = renderApp('/contact');

    await screen.findByRole('heading', { name: 'Send us a message' });
    await fillForm(user, full);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const pending = await screen.findByRole('button', { name: 'Sending...' });
    expect(pending).toBeDisabled();
    const [, init] = callsTo(fetchMock, '/api/contact')[0];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(full);

    release({ status: 202, body: accepted });
    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /Subject/ })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('toasts the failure, keeps the text and shows the field messages of a 400', async () => {
    mockApi({
      '/api/site': { status: 200, body: site },
      '/api/contact': {
        status: 400,
        statusText: 'Bad Request',
        body: { statusCode: 400, message: 'Validation failed', errors: { email: 'must be a valid e-mail address' } },
      },
    });
    const { user } = renderApp('/contact');

    await screen.findByRole('heading', { name: 'Send us a message' });
    // an address the page's own check lets through, refused by the server
    await fillForm(user, full);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Error sending message')).toBeInTheDocument();
    expect(screen.getByText('Please try again later or contact us directly.')).toBeInTheDocument();
    expect(screen.getByText('Email must be a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue(full.message);
  });

  it('keeps the text and explains a 503 (the message was not queued)', async () => {
    mockApi({
      '/api/site': { status: 200, body: site },
      '/api/contact': { status: 503, body: { statusCode: 503, message: 'Your message could not be sent right now.' } },
    });
    const { user } = renderApp('/contact');

    await screen.findByRole('heading', { name: 'Send us a message' });
    await fillForm(user, full);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Your message could not be sent right now.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Error sending message')).toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue(full.name);
  });

  it('prefills the Location Inquiry subject from the link of an empty city page, and ignores an unknown one', async () => {
    mockApi({ '/api/site': { status: 200, body: site } });
    const { unmount } = renderApp('/contact?subject=Location%20Inquiry');
    expect(await screen.findByRole('combobox', { name: /Subject/ })).toHaveValue('Location Inquiry');
    unmount();

    renderApp('/contact?subject=Free%20Coffee');
    expect(await screen.findByRole('combobox', { name: /Subject/ })).toHaveValue('');
  });

  it('offline: keeps what was typed, says it will be sent, and sends it once when back online', async () => {
    const fetchMock = mockApi({
      '/api/site': { status: 200, body: site },
      '/api/contact': { status: 202, body: accepted },
    });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderApp('/contact');

    await screen.findByRole('heading', { name: 'Send us a message' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled());
    await fillForm(user, full);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(
      await screen.findByText('Your message is kept on this device and will be sent when you are back online.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/contact')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue(full.message);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/contact')).toHaveLength(1);
    const [, init] = callsTo(fetchMock, '/api/contact')[0];
    expect(JSON.parse(String(init?.body))).toEqual(full);
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue(''));
    expect(screen.queryByText(/kept on this device/)).not.toBeInTheDocument();
  });

  it('keeps the message the same way when the network fails while sending', async () => {
    const fetchMock = mockApi({ '/api/site': { status: 200, body: site } });
    const { user } = renderApp('/contact');
    await screen.findByRole('heading', { name: 'Send us a message' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled());
    await fillForm(user, full);
    fetchMock.mockImplementation(async () => Promise.reject(new TypeError('Failed to fetch')));

    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(
      await screen.findByText('Your message is kept on this device and will be sent when you are back online.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue(full.message);
    expect(JSON.parse(localStorage.getItem('cg:contact-outbox:v1')!)).toHaveLength(1);
  });
});
