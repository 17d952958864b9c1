import * as v from 'valibot';
import {
  FamilyListResponse,
  familyMessages,
  FamilyProfileInput,
  FamilyProfileResponse,
  type FamilyProfile,
} from '../../contract/family.ts';
import { MessageResponse } from '../../contract/auth.ts';
import { ApiError, callApi, getOwn } from './api.ts';

/** The customer's family (docs/product-rules.md, Family profiles): bearer calls. */

export async function fetchFamily(signal?: AbortSignal): Promise<FamilyProfile[]> {
  const { profiles } = await getOwn('/api/family', FamilyListResponse, familyMessages.listFailed, signal);
  return profiles;
}

/** Saves a new family member (no id) or edits one; the form's values are checked by the contract first. */
export async function saveFamilyMember(
  values: unknown,
  id: number | undefined,
  signal?: AbortSignal,
): Promise<FamilyProfile> {
  const checked = v.safeParse(FamilyProfileInput, values, { abortEarly: true });
  if (!checked.success) throw new ApiError(checked.issues[0].message);
  const { profile } = await callApi(id === undefined ? '/api/family' : `/api/family/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body: values,
    schema: FamilyProfileResponse,
    bearer: true,
    fallback: familyMessages.saveFailed,
    signal,
  });
  return profile;
}

export async function removeFamilyMember(id: number, signal?: AbortSignal): Promise<string> {
  const { message } = await callApi(`/api/family/${id}`, {
    method: 'DELETE',
    schema: MessageResponse,
    bearer: true,
    fallback: familyMessages.deleteFailed,
    signal,
  });
  return message;
}
