import { APP_ROUTES, type AppRoutePath } from '@till/core';
import { useState, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { EmployeeSessionWatch } from './employee-session-watch';
import { ProtectedLayout } from './protected-layout';
import type { AppRouteHandle } from './route-handle';
import { AnalyticsRoute } from './routes/analytics';
import { AuthRoute } from './routes/auth';
import { DashboardRoute } from './routes/dashboard';
import { EmployeeLoginRoute } from './routes/employee-login';
import { EmployeeSetupRoute } from './routes/employee-setup';
import { EmployeesRoute } from './routes/employees';
import { HelpCenterRoute } from './routes/help-center';
import { TasksRoute } from './routes/tasks';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { PlaceholderRoute, PublicPlaceholderRoute } from './routes/placeholder';
import { PosRoute } from './routes/pos';
import { PosTerminalRoute } from './routes/pos-terminal';
import { PosTerminalLoginRoute } from './routes/pos-terminal-login';
import { QuickbooksRoute } from './routes/quickbooks';
import { ResetPasswordRoute } from './routes/reset-password';
import { RootErrorBoundary } from './routes/root-error';
import { SettingsRoute } from './routes/settings';
import { ShiftsRoute } from './routes/shifts';
import { SignupThankYouRoute } from './routes/signup-thank-you';
import { SuperAdminRoute } from './routes/superadmin';
import { SystemHealthRoute } from './routes/system-health';
import { ZReportDetailPage } from '@/features/cash-sessions/components/z-report-detail-page';
import { ZReportPage } from '@/features/cash-sessions/components/z-report-page';
import { CategoriesPage } from '@/features/categories/components/categories-page';
import { CustomersPage } from '@/features/customers/components/customers-page';
import { ExpensesPage } from '@/features/expenses/components/expenses-page';
import { OrderDetailPage } from '@/features/orders/components/order-detail-page';
import { OrdersPage } from '@/features/orders/components/orders-page';
import { ProductsPage } from '@/features/products/components/products-page';
import { ReceiptPage } from '@/features/receipts/components/receipt-page';

/** Pages with their own screen; every other SPEC §2 route shows its title and what it will hold. */
const PAGES: Partial<Record<AppRoutePath, ComponentType>> = {
  '/': LandingRoute,
  '/auth': AuthRoute,
  '/signin': AuthRoute,
  '/employee-login': EmployeeLoginRoute,
  '/back-office-login': EmployeeLoginRoute,
  '/employee-setup': EmployeeSetupRoute,
  '/pos-terminal-login': PosTerminalLoginRoute,
  '/pos-terminal': PosTerminalRoute,
  '/reset-password': ResetPasswordRoute,
  '/signup-thank-you': SignupThankYouRoute,
  '/dashboard': DashboardRoute,
  '/settings': SettingsRoute,
  '/employees': EmployeesRoute,
  '/shifts': ShiftsRoute,
  '/analytics': AnalyticsRoute,
  '/superadmin': SuperAdminRoute,
  '/system-health': SystemHealthRoute,
  '/pos': PosRoute,
  '/enhanced-pos': PosRoute,
  '/employee-pos': PosRoute,
  '/orders': OrdersPage,
  '/customers': CustomersPage,
  '/products': ProductsPage,
  '/categories': CategoriesPage,
  '/z-report': ZReportPage,
  // SPEC §2: the same screen; at /expenses/add its form is open.
  '/expenses/invoices': ExpensesPage,
  '/expenses/add': ExpensesPage,
  '/help-center': HelpCenterRoute,
  '/tasks': TasksRoute,
  '/quickbooks': QuickbooksRoute,
};

/** Pages below a SPEC §2 route: they take its guard, title and sidebar entry. */
const SUB_PAGES: { path: string; parent: AppRoutePath; Component: ComponentType }[] = [
  { path: '/orders/:orderId', parent: '/orders', Component: OrderDetailPage },
  { path: '/orders/:orderId/receipt', parent: '/orders', Component: ReceiptPage },
  { path: '/z-report/:sessionId', parent: '/z-report', Component: ZReportDetailPage },
];

function toSubRouteObject(page: (typeof SUB_PAGES)[number]): RouteObject {
  const parent = APP_ROUTES.find((route) => route.path === page.parent)!;
  const handle: AppRouteHandle = { appRoute: parent };
  return { path: page.path, handle, Component: page.Component };
}

function toRouteObject(route: (typeof APP_ROUTES)[number]): RouteObject {
  const handle: AppRouteHandle = { appRoute: route };
  const fallback = route.kind === 'public' ? PublicPlaceholderRoute : PlaceholderRoute;
  return { path: route.path, handle, Component: PAGES[route.path as AppRoutePath] ?? fallback };
}

/** Above every page: the employee session's inactivity and lifetime rules (SPEC §4). */
function RootLayout() {
  return (
    <>
      <EmployeeSessionWatch />
      <Outlet />
    </>
  );
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      children: [
        ...APP_ROUTES.filter((route) => route.kind === 'public').map(toRouteObject),
        {
          // SPEC §2, §6: every route inside the app shell, each behind the guard its kind asks for.
          Component: ProtectedLayout,
          children: [...APP_ROUTES.filter((route) => route.kind !== 'public').map(toRouteObject), ...SUB_PAGES.map(toSubRouteObject)],
        },
        // Anything else, including the /super-admin the user menu links to (SPEC §2).
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ]);
}

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
