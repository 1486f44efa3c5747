import { type Page, type PageSection, routes } from '@cardiomap/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/index.ts';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { renderInApp } from '../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import { userInfo } from '../../testing/user-info.ts';
import { DocumentationPage } from './DocumentationPage.tsx';
import { NO_SECTION_YET } from './PageEditorDialog.tsx';

setUpMockApi();

const section = (overrides: Partial<PageSection> = {}): PageSection => ({
  id: '55555555-5555-4555-8555-555555555555',
  regionId: '66666666-6666-4666-8666-666666666666',
  region: 'Europe',
  title: 'CardioMap user guide',
  body: '# Request an analysis\n\nChoose **Request analysis**.',
  dateModified: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const naSection = section({
  id: '77777777-7777-4777-8777-777777777777',
  regionId: '88888888-8888-4888-8888-888888888888',
  region: 'North America',
  title: 'US guide',
  body: 'Call us.',
});

function signedIn(overrides: Parameters<typeof userInfo>[0] = {}) {
  tokenStore.save({ access: 'access', refresh: 'refresh' });
  server.use(apiHandler(routes.userInfo, () => HttpResponse.json(userInfo(overrides))));
}

const REGIONS = [
  { id: section().regionId, name: 'Europe' },
  { id: naSection.regionId, name: 'North America' },
];
const regionsHandler = apiHandler(routes.regions, () => HttpResponse.json(REGIONS));

const answer = (page: Partial<Page>) =>
  apiHandler(routes.page, () => HttpResponse.json({ slug: 'docs', sections: [], canManage: false, ...page }), {
    slug: 'docs',
  });

describe('documentation page (spec §2 docs)', () => {
  it('shows one region without its title', async () => {
    signedIn();
    server.use(answer({ sections: [section()] }));
    renderApp('/docs');
    expect(await screen.findByRole('heading', { level: 2, name: 'Request an analysis' })).toBeInTheDocument();
    expect(screen.queryByText('CardioMap user guide')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit page' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('CardioMap – Documentation'));
  });

  it('titles each region when there are several', async () => {
    signedIn();
    server.use(answer({ sections: [section(), naSection] }));
    renderApp('/docs');
    expect(await screen.findByRole('heading', { level: 2, name: 'CardioMap user guide' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'US guide' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Request an analysis' })).toBeInTheDocument();
  });

  it('shows a guide two regions share once, without a title (issue 30 #14)', async () => {
    signedIn();
    const sameGuide = section({ id: naSection.id, regionId: naSection.regionId, region: 'North America' });
    server.use(answer({ sections: [section(), sameGuide] }));
    renderApp('/docs');
    expect(await screen.findAllByRole('heading', { level: 2, name: 'Request an analysis' })).toHaveLength(1);
    expect(screen.queryByText('CardioMap user guide')).toBeNull();
  });

  it('says so when the organisation has no documentation (404)', async () => {
    signedIn();
    server.use(
      apiHandler(
        routes.page,
        () => HttpResponse.json({ detail: 'No page matches the given slug.', code: 'not_found' }, { status: 404 }),
        { slug: 'docs' },
      ),
    );
    renderApp('/docs');
    expect(await screen.findByText('No documentation is available for your organisation yet.')).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    signedIn();
    let fail = true;
    server.use(
      apiHandler(
        routes.page,
        () =>
          fail
            ? HttpResponse.json({ detail: 'boom', code: 'server_error' }, { status: 500 })
            : HttpResponse.json({ slug: 'docs', sections: [section()], canManage: false }),
        { slug: 'docs' },
      ),
    );
    renderApp('/docs');
    expect(await screen.findByText('The documentation could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Request an analysis' })).toBeInTheDocument();
  });

  it('sends users without a role to not-found', async () => {
    signedIn({ hasRole: false, roles: [], firstRole: null });
    server.use(answer({ sections: [section()] }));
    renderApp('/docs');
    expect(await screen.findByText('Page Not Found!')).toBeInTheDocument();
  });

  it('lets a manager edit a region with a preview, showing field messages from the server', async () => {
    signedIn({ isSuperuser: true });
    const bodies: unknown[] = [];
    let current = section();
    server.use(
      apiHandler(routes.page, () => HttpResponse.json({ slug: 'docs', sections: [current], canManage: true }), {
        slug: 'docs',
      }),
      apiHandler(
        routes.savePageSection,
        async ({ request }) => {
          const body = (await request.json()) as { title: string; body: string };
          bodies.push(body);
          if (body.title === 'Taken') return HttpResponse.json({ title: ['Pick another title.'] }, { status: 400 });
          current = section({ title: body.title, body: body.body });
          return HttpResponse.json(current);
        },
        { slug: 'docs' },
      ),
      regionsHandler,
    );
    renderApp('/docs');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit documentation' });
    const markdown = await within(dialog).findByTestId('page-markdown');
    await userEvent.clear(markdown);
    await userEvent.click(markdown);
    await userEvent.paste('## Hello <script>x</script>');
    const preview = within(dialog).getByLabelText('Preview');
    expect(within(preview).getByRole('heading', { name: 'Hello <script>x</script>' })).toBeInTheDocument();
    expect(preview.querySelector('script')).toBeNull();

    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.click(title);
    await userEvent.paste('Taken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Pick another title.')).toBeInTheDocument();

    await userEvent.clear(title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field may not be blank.')).toBeInTheDocument();

    await userEvent.click(title);
    await userEvent.paste('Guide');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Page saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit documentation' })).toBeNull());
    expect(bodies.at(-1)).toEqual({
      regionId: '66666666-6666-4666-8666-666666666666',
      title: 'Guide',
      body: '## Hello <script>x</script>',
    });
    expect(await screen.findByRole('heading', { name: 'Hello <script>x</script>' })).toBeInTheDocument();
    // A whole-form walk through a dialog: slow on a loaded machine, so more time than the default.
  }, 20_000);

  it('adds a section for a region without one, titled, and removes one after confirmation', async () => {
    signedIn({ isSuperuser: true });
    let sections = [section()];
    const puts: unknown[] = [];
    const deletes: string[] = [];
    server.use(
      apiHandler(routes.page, () => HttpResponse.json({ slug: 'docs', sections, canManage: true }), { slug: 'docs' }),
      apiHandler(
        routes.savePageSection,
        async ({ request }) => {
          const body = (await request.json()) as { regionId: string; title: string; body: string };
          puts.push(body);
          const added = { ...naSection, title: body.title, body: body.body };
          sections = [...sections, added];
          return HttpResponse.json(added);
        },
        { slug: 'docs' },
      ),
      apiHandler(
        routes.deletePageSection,
        ({ params }) => {
          deletes.push(String(params.regionId));
          sections = sections.filter((s) => s.regionId !== params.regionId);
          return new HttpResponse(null, { status: 204 });
        },
        { slug: 'docs' },
      ),
      regionsHandler,
    );
    renderApp('/docs');
    expect(screen.queryByText('CardioMap user guide')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit documentation' });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Region' }));
    await userEvent.click(await screen.findByRole('option', { name: 'North America (no section)' }));
    expect(within(dialog).getByText(NO_SECTION_YET)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove section' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add section' }));
    expect(await within(dialog).findAllByText('This field may not be blank.')).toHaveLength(2);
    expect(puts).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'US guide');
    await userEvent.click(within(dialog).getByTestId('page-markdown'));
    await userEvent.paste('Call us.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add section' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit documentation' })).toBeNull());
    expect(puts).toEqual([{ regionId: naSection.regionId, title: 'US guide', body: 'Call us.' }]);
    // Toasts show one at a time: close this one so the removal's toast is the one shown next.
    const saved = await screen.findByTestId('toast');
    expect(saved).toHaveTextContent('Page saved');
    await userEvent.click(within(saved).getByRole('button', { name: 'Close' }));
    // Two sections now: each is titled.
    expect(await screen.findByRole('heading', { level: 2, name: 'US guide' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'CardioMap user guide' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit page' }));
    const again = await screen.findByRole('dialog', { name: 'Edit documentation' });
    await userEvent.click(await within(again).findByRole('button', { name: 'Remove section' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Keep' }));
    expect(deletes).toEqual([]);
    await userEvent.click(within(again).getByRole('button', { name: 'Remove section' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Section removed')).toBeInTheDocument();
    expect(deletes).toEqual([section().regionId]);
    expect(await within(again).findByText(NO_SECTION_YET)).toBeInTheDocument();
    expect(within(again).getByRole('combobox', { name: 'Region' })).toHaveTextContent('Europe (no section)');
    // One section left: shown without its title.
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'US guide' })).toBeNull());
    expect(screen.getByText('Call us.')).toBeInTheDocument();
  }, 30_000);

  it('shows the version line on development builds only', async () => {
    signedIn();
    server.use(answer({ sections: [section()] }));
    const dev = renderInApp(<DocumentationPage isDevBuild />);
    expect(await screen.findByTestId('version-line')).toHaveTextContent('Version 3.3.0 (CM), development build');
    dev.unmount();
    renderInApp(<DocumentationPage isDevBuild={false} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Request an analysis' })).toBeInTheDocument();
    expect(screen.queryByTestId('version-line')).toBeNull();
  });
});
