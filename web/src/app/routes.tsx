import { Navigate, Outlet, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { UsersOrganisationsPage } from '../features/admin/index.ts';
import { AuditPage } from '../features/audit/index.ts';
import { LoginPage, PendingRegistrationPage, TermsPage } from '../features/auth/index.ts';
import { CaseDetailPage, CaseDetailsTab, CaseJobsTab, CaseListPage } from '../features/cases/index.ts';
import { DocumentationPage } from '../features/docs/index.ts';
import { ContactPage, CookiePolicyPage } from '../features/info/index.ts';
import { LicensesPage, TemplatesPage } from '../features/licences/index.ts';
import { ForgotPasswordPage, PasswordResetPage } from '../features/password/index.ts';
import { EmailVerificationPage, RegisterPage } from '../features/registration/index.ts';
import { SettingsPage } from '../features/settings/index.ts';
import { TrainingPage } from '../features/training/index.ts';
import { CaseCanceledPage, ResultsPendingPage, studyViewerRoute } from '../features/viewer/index.ts';
import { Guard, STANDARD_PAGE } from './Guard.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { ShellLayout } from './ShellLayout.tsx';

/** Where `/` and a sign-in without a redirect lead (spec §2: `/` redirects to cases). */
export const HOME_PATH = '/cases';

/**
 * The route table (spec §2). Routes owned by later issues are absent until they land, so the
 * not-found page answers for them.
 */
export const appRoutes: RouteObject[] = [
  {
    // Spec §2 iframe-viewer: the viewer for embedding, without the app's frame around it.
    element: <RequireAuth />,
    children: [
      {
        path: 'iframe-viewer/:id',
        element: (
          <Guard requirements={STANDARD_PAGE}>
            <Outlet />
          </Guard>
        ),
        children: [studyViewerRoute({ embedded: true })],
      },
    ],
  },
  {
    element: <ShellLayout />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'emailverification/:verificationKey', element: <EmailVerificationPage /> },
      { path: 'cookiepolicy', element: <CookiePolicyPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'forgotpassword', element: <ForgotPasswordPage reason="forgot" /> },
      // Spec §2: the forgot-password page with reason password-expired.
      { path: 'passwordexpired', element: <ForgotPasswordPage reason="expired" /> },
      { path: 'passwordreset/:uid/:token', element: <PasswordResetPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            index: true,
            element: (
              <Guard requirements={STANDARD_PAGE}>
                <Navigate to={HOME_PATH} replace />
              </Guard>
            ),
          },
          {
            path: 'terms',
            element: (
              <Guard requirements={{ needsOrganisation: false, needsApprovedTerms: false }}>
                <TermsPage />
              </Guard>
            ),
          },
          { path: 'pendingregistration', element: <PendingRegistrationPage /> },
          {
            path: 'audit',
            element: (
              <Guard requirements={{ ...STANDARD_PAGE, permission: 'canEditUsersAndOrganisations' }}>
                <AuditPage />
              </Guard>
            ),
          },
          {
            path: 'cases',
            element: (
              <Guard requirements={STANDARD_PAGE}>
                <CaseListPage />
              </Guard>
            ),
          },
          {
            path: 'users-and-organisations',
            element: (
              <Guard requirements={{ ...STANDARD_PAGE, permission: 'canEditUsersAndOrganisations' }}>
                <UsersOrganisationsPage />
              </Guard>
            ),
          },
          {
            path: 'case-detail/:id',
            element: (
              <Guard requirements={{ ...STANDARD_PAGE, permission: 'canAccessCaseDetails' }}>
                <CaseDetailPage />
              </Guard>
            ),
            children: [
              { index: true, element: <Navigate to="details" replace /> },
              { path: 'details', id: 'case-detail-details', element: <CaseDetailsTab /> },
              { path: 'jobs', id: 'case-detail-jobs', element: <CaseJobsTab /> },
            ],
          },
          {
            path: 'study-viewer/:id',
            element: (
              <Guard requirements={STANDARD_PAGE}>
                <Outlet />
              </Guard>
            ),
            children: [studyViewerRoute({ embedded: false })],
          },
          {
            path: 'settings',
            element: (
              <Guard requirements={STANDARD_PAGE}>
                <SettingsPage />
              </Guard>
            ),
          },
          {
            // Spec §2: every user with a role sees the licences of their organisations; editing is per permission.
            path: 'licenses',
            element: (
              <Guard requirements={{ ...STANDARD_PAGE, permission: 'hasRole' }}>
                <LicensesPage />
              </Guard>
            ),
          },
          {
            path: 'templates',
            element: (
              <Guard requirements={{ ...STANDARD_PAGE, permission: 'canAddTemplate' }}>
                <TemplatesPage />
              </Guard>
            ),
          },
          { path: 'results-pending', element: <ResultsPendingPage /> },
          { path: 'case-canceled', element: <CaseCanceledPage /> },
          {
            path: 'docs',
            element: (
              <Guard requirements={{ ...STANDARD_PAGE, permission: 'hasRole' }}>
                <DocumentationPage />
              </Guard>
            ),
          },
          {
            path: 'training/:interventionPrefix',
            element: (
              <Guard requirements={STANDARD_PAGE}>
                <TrainingPage />
              </Guard>
            ),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
