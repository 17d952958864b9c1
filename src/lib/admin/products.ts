import {
  AdminProductListResponse,
  AdminProductResponse,
  type ProductInput,
} from '../../../contract/admin/products.ts';
import { queryString, recordCalls, staffGet, type StaffQuery } from './client.ts';

/** A product's calls in the back office: each answers the product as it is after the call. */
const product = recordCalls('/api/admin/products', AdminProductResponse, (answer) => answer.product);

export const fetchStaffProducts = (query: StaffQuery, signal?: AbortSignal) =>
  staffGet(`/api/admin/products${queryString(query)}`, AdminProductListResponse, signal);

export const fetchStaffProduct = (id: number, signal?: AbortSignal) =>
  staffGet(`/api/admin/products/${id}`, AdminProductResponse, signal).then((answer) => answer.product);

/** Creates a product (id null) or saves one with the version its edit started from. */
export const saveStaffProduct = product.save<ProductInput>;

/** An entry in the stock ledger: units received, damaged, or an adjustment with its reason. */
export interface StockEntryRequest {
  reason: string;
  quantity: number;
  direction: string;
  note: string;
}

export const recordStock = (id: number, entry: StockEntryRequest, signal?: AbortSignal) =>
  product.send('POST', `/api/admin/products/${id}/stock`, entry, signal);

export const retireStaffProduct = product.retire;
