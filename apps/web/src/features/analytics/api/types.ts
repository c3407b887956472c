import type { ReportComparison } from '@till/core';

/** The analytics endpoints' answers (GET /api/analytics/*, camelCase like /api/orders). */
export interface ReportRange {
  from: string;
  to: string;
}

export interface ReportQuery extends ReportRange {
  compare: ReportComparison;
}

interface ReportHead {
  currency: string;
  timeZone: string;
  range: ReportRange;
}

export interface SalesSummary {
  netSales: number;
  transactions: number;
  averageSale: number;
  itemsSold: number;
  discounts: number;
  refunds: number;
  refundCount: number;
  tax: number;
}

export interface SalesReport extends ReportHead {
  comparisonRange: ReportRange | null;
  summary: SalesSummary;
  comparisonSummary: SalesSummary | null;
  days: {
    day: string;
    transactions: number;
    netSales: number;
    itemsSold: number;
    discounts: number;
    tax: number;
    refunds: number;
    refundCount: number;
    comparisonDay: string | null;
    comparisonNetSales: number | null;
  }[];
  hours: { hour: number; transactions: number; netSales: number }[];
  weekdays: { weekday: number; transactions: number; netSales: number }[];
  categories: { category: string | null; units: number; netSales: number }[];
  products: { productId: string | null; name: string; category: string | null; units: number; netSales: number }[];
  employees: { employeeId: string | null; name: string | null; transactions: number; sales: number; refunds: number }[];
  paymentMethods: { method: string; payments: number; taken: number; refunded: number }[];
}

export interface MarginFigures {
  netSales: number;
  costedSales: number;
  uncostedSales: number;
  cost: number;
  grossProfit: number;
  margin: number | null;
}

export interface ProfitabilityReport extends ReportHead {
  comparisonRange: ReportRange | null;
  summary: MarginFigures;
  comparisonSummary: MarginFigures | null;
  products: (MarginFigures & { productId: string | null; name: string; category: string | null; units: number })[];
  categories: (MarginFigures & { category: string | null })[];
  days: { day: string; costedSales: number; cost: number; grossProfit: number; margin: number | null }[];
}

export interface InventoryReport extends ReportHead {
  deadStockDays: number;
  summary: {
    trackedProducts: number;
    unitsOnHand: number;
    valueAtCost: number;
    valueAtRetail: number;
    productsWithoutCost: number;
    unitsSold: number;
    sellThrough: number | null;
    deadStockProducts: number;
    deadStockValueAtCost: number;
  };
  products: {
    productId: string;
    name: string;
    category: string | null;
    onHand: number;
    cost: number | null;
    price: number;
    valueAtCost: number | null;
    valueAtRetail: number;
    unitsSold: number;
    sellThrough: number | null;
    dailyAverage: number;
    daysOfCover: number | null;
    lastSold: string | null;
    deadStock: boolean;
  }[];
  categories: { category: string | null; products: number; unitsOnHand: number; valueAtCost: number; valueAtRetail: number; unitsSold: number }[];
}

export interface CustomersSummary {
  customers: number;
  newCustomers: number;
  returningCustomers: number;
  customerTransactions: number;
  anonymousTransactions: number;
  netSales: number;
  averageSpend: number;
  averageVisits: number;
}

export interface CustomersReport extends ReportHead {
  comparisonRange: ReportRange | null;
  summary: CustomersSummary;
  comparisonSummary: CustomersSummary | null;
  days: { day: string; newCustomers: number; returningCustomers: number }[];
  topCustomers: { customerId: string; name: string; visits: number; netSales: number; firstVisit: string; lastVisit: string; isNew: boolean }[];
  visitFrequency: { label: string; minVisits: number; maxVisits: number | null; customers: number }[];
  segments: { segment: string; label: string; customers: number; revenue: number; share: number }[];
}
