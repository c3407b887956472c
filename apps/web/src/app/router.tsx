import { APP_ROUTES, type AppRoutePath } from '@till/core';
import { useEffect, useState, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { EmployeeSessionWatch } from './employee-session-watch';
import { ProtectedLayout } from './protected-layout';
import type { AppRouteHandle } from './route-handle';
import { NotFoundRoute } from './routes/not-found';
import { PosTerminalRoute } from './routes/pos-terminal';
import { RootErrorBoundary } from './routes/root-error';
import { LoadingScreen } from '@/components/loading-screen';
import { useMe } from '@/lib/me';

/**
 * A page's code, loaded when the page is first opened (each is its own chunk): the till never
 * downloads the charts of analytics or the forms of settings.
 */
type PageLoader = () => Promise<ComponentType>;

/** Pages with their own screen; every other SPEC §2 route shows its title and what it will hold. */
const PAGES: Partial<Record<AppRoutePath, PageLoader>> = {
  '/': () => import('./routes/landing').then((module) => module.LandingRoute),
  '/auth': () => import('./routes/auth').then((module) => module.AuthRoute),
  '/signin': () => import('./routes/auth').then((module) => module.AuthRoute),
  '/employee-login': () => import('./routes/employee-login').then((module) => module.EmployeeLoginRoute),
  '/back-office-login': () => import('./routes/employee-login').then((module) => module.EmployeeLoginRoute),
  '/employee-setup': () => import('./routes/employee-setup').then((module) => module.EmployeeSetupRoute),
  '/pos-terminal-login': () => import('./routes/pos-terminal-login').then((module) => module.PosTerminalLoginRoute),
  '/reset-password': () => import('./routes/reset-password').then((module) => module.ResetPasswordRoute),
  '/signup-thank-you': () => import('./routes/signup-thank-you').then((module) => module.SignupThankYouRoute),
  '/dashboard': () => import('./routes/dashboard').then((module) => module.DashboardRoute),
  '/settings': () => import('./routes/settings').then((module) => module.SettingsRoute),
  '/employees': () => import('./routes/employees').then((module) => module.EmployeesRoute),
  '/shifts': () => import('./routes/shifts').then((module) => module.ShiftsRoute),
  '/analytics': () => import('./routes/analytics').then((module) => module.AnalyticsRoute),
  '/superadmin': () => import('./routes/superadmin').then((module) => module.SuperAdminRoute),
  '/superadmin/subscription-plans': () => import('@/features/plans/components/plans-admin-page').then((module) => module.PlansAdminPage),
  '/superadmin/feature-flags': () => import('@/features/feature-flags/components/feature-flags-page').then((module) => module.FeatureFlagsPage),
  '/superadmin/industry-templates': () => import('@/features/industry-templates/components/industry-templates-page').then((module) => module.IndustryTemplatesPage),
  '/superadmin/visual-editor': () => import('@/features/branding/components/visual-editor-page').then((module) => module.VisualEditorPage),
  '/pricing': () => import('@/features/plans/components/pricing-page').then((module) => module.PricingPage),
  '/incidents': () => import('@/features/incidents/components/incidents-page').then((module) => module.IncidentsPage),
  // Campaigns, and promotions as its second tab (decisions 050 and 051).
  '/marketing': () => import('./routes/marketing').then((module) => module.MarketingRoute),
  '/integrations': () => import('@/features/integrations/components/integrations-page').then((module) => module.IntegrationsPage),
  '/back-office': () => import('./routes/back-office').then((module) => module.BackOfficeRoute),
  '/system-health': () => import('./routes/system-health').then((module) => module.SystemHealthRoute),
  '/pos': () => import('./routes/pos').then((module) => module.PosRoute),
  '/enhanced-pos': () => import('./routes/pos').then((module) => module.PosRoute),
  '/employee-pos': () => import('./routes/pos').then((module) => module.PosRoute),
  '/orders': () => import('@/features/orders/components/orders-page').then((module) => module.OrdersPage),
  '/customers': () => import('./routes/customers').then((module) => module.CustomersRoute),
  '/products': () => import('@/features/products/components/products-page').then((module) => module.ProductsPage),
  '/stores': () => import('@/features/stores/components/stores-page').then((module) => module.StoresPage),
  '/waste-tracking': () => import('@/features/stock-control/components/waste-page').then((module) => module.WastePage),
  '/batch-management': () => import('./routes/batch-management').then((module) => module.BatchManagementRoute),
  '/categories': () => import('@/features/categories/components/categories-page').then((module) => module.CategoriesPage),
  '/z-report': () => import('@/features/cash-sessions/components/z-report-page').then((module) => module.ZReportPage),
  // SPEC §2: the same screen; at /expenses/add its form is open.
  '/expenses/invoices': () => import('@/features/expenses/components/expenses-page').then((module) => module.ExpensesPage),
  '/expenses/add': () => import('@/features/expenses/components/expenses-page').then((module) => module.ExpensesPage),
  '/help-center': () => import('./routes/help-center').then((module) => module.HelpCenterRoute),
  '/tasks': () => import('./routes/tasks').then((module) => module.TasksRoute),
  '/suppliers': () => import('@/features/suppliers/components/suppliers-page').then((module) => module.SuppliersPage),
  '/rebates-test': () => import('@/features/rebates/components/rebates-page').then((module) => module.RebatesPage),
  '/chatbot': () => import('@/features/chatbot/components/insights-page').then((module) => module.ChatbotInsightsPage),
  '/superadmin/chatbot': () => import('@/features/chatbot/components/platform-chatbot-page').then((module) => module.PlatformChatbotPage),
  '/appointments': () => import('@/features/appointments/components/appointments-page').then((module) => module.AppointmentsPage),
  '/price-labels': () => import('@/features/price-labels/components/price-labels-page').then((module) => module.PriceLabelsPage),
  '/purchase-orders': () => import('@/features/purchase-orders/components/purchase-orders-page').then((module) => module.PurchaseOrdersPage),
  '/purchases/invoices': () => import('@/features/purchase-invoices/components/purchase-invoices-page').then((module) => module.PurchaseInvoicesPage),
  '/invoices': () => import('@/features/invoices/components/invoices-page').then((module) => module.InvoicesPage),
  '/quickbooks': () => import('./routes/quickbooks').then((module) => module.QuickbooksRoute),
  '/ai-modules': () => import('@/features/ai-modules/components/ai-modules-page').then((module) => module.AiModulesPage),
  '/ai/sales-prediction': () => import('@/features/ai-modules/components/sales-prediction-page').then((module) => module.SalesPredictionPage),
  // SPEC §2: the stock forecast at both paths.
  '/ai/stock-forecast': () => import('@/features/ai-modules/components/stock-forecast-page').then((module) => module.StockForecastPage),
  '/inventory-forecast': () => import('./routes/inventory-forecast').then((module) => module.InventoryForecastRoute),
  '/ai/product-recommendation': () =>
    import('@/features/ai-modules/components/product-recommendations-page').then((module) => module.ProductRecommendationsPage),
  '/ai/customer-footpath': () => import('@/features/ai-modules/components/customer-footpath-page').then((module) => module.CustomerFootpathPage),
  '/kitchen': () => import('@/features/kitchen/components/kitchen-page').then((module) => module.KitchenPage),
  '/vehicle-services': () => import('@/features/workshop/components/workshop-page').then((module) => module.WorkshopPage),
  '/chatbot-widget/:chatbotId': () => import('@/features/chatbot/components/chat-widget').then((module) => module.ChatbotWidgetPage),
  '/chatbot-embed/:chatbotId': () => import('@/features/chatbot/components/chat-widget').then((module) => module.ChatbotEmbedPage),
};

/**
 * In the main bundle: where a till goes whenever a session ends (End Shift, idle, 8 hours), at
 * once and even with the network down.
 */
const EAGER_PAGES: Partial<Record<AppRoutePath, ComponentType>> = {
  '/pos-terminal': PosTerminalRoute,
};

/** Pages below a SPEC §2 route: they take its guard, title and sidebar entry. */
const SUB_PAGES: { path: string; parent: AppRoutePath; load: PageLoader }[] = [
  { path: '/orders/:orderId', parent: '/orders', load: () => import('@/features/orders/components/order-detail-page').then((module) => module.OrderDetailPage) },
  { path: '/orders/:orderId/receipt', parent: '/orders', load: () => import('@/features/receipts/components/receipt-page').then((module) => module.ReceiptPage) },
  { path: '/products/stock-counts', parent: '/products', load: () => import('@/features/stock-control/components/stock-counts-page').then((module) => module.StockCountsPage) },
  { path: '/products/stock-counts/:countId', parent: '/products', load: () => import('@/features/stock-control/components/stock-count-page').then((module) => module.StockCountPage) },
  { path: '/products/:productId/stock', parent: '/products', load: () => import('@/features/stock-control/components/stock-history-page').then((module) => module.StockHistoryPage) },
  { path: '/z-report/:sessionId', parent: '/z-report', load: () => import('@/features/cash-sessions/components/z-report-detail-page').then((module) => module.ZReportDetailPage) },
];

const lazyPage = (load: PageLoader) => async () => ({ Component: await load() });

function toSubRouteObject(page: (typeof SUB_PAGES)[number]): RouteObject {
  const parent = APP_ROUTES.find((route) => route.path === page.parent)!;
  const handle: AppRouteHandle = { appRoute: parent };
  return { path: page.path, handle, lazy: lazyPage(page.load) };
}

function toRouteObject(route: (typeof APP_ROUTES)[number]): RouteObject {
  const handle: AppRouteHandle = { appRoute: route };
  const eager = EAGER_PAGES[route.path as AppRoutePath];
  if (eager) return { path: route.path, handle, Component: eager };
  const load = PAGES[route.path as AppRoutePath];
  if (load) return { path: route.path, handle, lazy: lazyPage(load) };
  // Every route has its page now (the visual editor was the last placeholder, decision 057).
  return { path: route.path, handle };
}

/** A till's sale screen is loaded ahead, so a cashier signing in does not wait for it. */
function usePreloadTillPages() {
  const isTill = Boolean(useMe().data?.till);
  useEffect(() => {
    if (!isTill) return;
    void PAGES['/pos']?.().catch(() => undefined);
  }, [isTill]);
}

/** Above every page: the employee session's inactivity and lifetime rules (SPEC §4). */
function RootLayout() {
  usePreloadTillPages();
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
      // The first page's code is still on its way: the same full-screen Loading... as the guard's.
      HydrateFallback: LoadingScreen,
      children: [
        ...APP_ROUTES.filter((route) => route.kind === 'public').map(toRouteObject),
        // The customer's estimate approval (decision 030): reached from a signed link, no sign-in, no shell.
        { path: '/repair-approval/:token', lazy: lazyPage(() => import('@/features/workshop/components/approval-page').then((module) => module.RepairApprovalPage)) },
        // The unsubscribe link of a marketing e-mail (decision 051): no sign-in, no shell.
        { path: '/unsubscribe/:token', lazy: lazyPage(() => import('@/features/marketing/components/unsubscribe-page').then((module) => module.UnsubscribePage)) },
        // A business's public booking page (decision 040): a shared link, no sign-in, no shell.
        { path: '/book/:slug', lazy: lazyPage(() => import('@/features/appointments/components/public-booking-page').then((module) => module.PublicBookingPage)) },
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
