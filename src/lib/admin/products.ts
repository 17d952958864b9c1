import {
  AdminProductListResponse,
  AdminProductResponse,
  type ProductInput,
} from '../../../contract/admin/products.ts';
import { queryString, retirePath, staffGet, staffSend, type StaffQuery } from './client.ts';

const product = (method: 'POST' | 'PUT', path: string, body: unknown, signal?: AbortSignal) =>
  staffSend(method, path, body, AdminProductResponse, signal).then((answer) => answer.product);

export const fetchStaffProducts = (query: StaffQuery, signal?: AbortSignal) =>
  staffGet(`/api/admin/products${queryString(query)}`, AdminProductListResponse, signal);

export const fetchStaffProduct = (id: number, signal?: AbortSignal) =>
  staffGet(`/api/admin/products/${id}`, AdminProductResponse, signal).then((answer) => answer.product);

/** Creates a product (id null) or saves one with the version its edit started from. */
export const saveStaffProduct = (
  id: number | null,
  body: ProductInput,
  version: number | null,
  signal?: AbortSignal,
) =>
  id === null
    ? product('POST', '/api/admin/products', body, signal)
    : product('PUT', `/api/admin/products/${id}`, { ...body, version }, signal);

/** An entry in the stock ledger: units received, damaged, or an adjustment with its reason. */
export interface StockEntryRequest {
  reason: string;
  quantity: number;
  direction: string;
  note: string;
}

export const recordStock = (id: number, entry: StockEntryRequest, signal?: AbortSignal) =>
  product('POST', `/api/admin/products/${id}/stock`, entry, signal);

export const retireStaffProduct = (
  id: number,
  retire: boolean,
  version: number | undefined,
  signal?: AbortSignal,
) => product('POST', retirePath(`/api/admin/products/${id}`, retire), { version }, signal);
