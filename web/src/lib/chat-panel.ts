/**
 * Whether the chat panel is open and which conversation it shows, for every module: the chat
 * button owns the panel, other features open it ("Stuur een bericht" on a profile or in the members
 * list) without importing the chat feature. Spec 4: opening with a thread id or a user id focuses
 * that thread; the back button unfocuses.
 */
import { useSyncExternalStore } from 'react';

export type ChatTarget = { threadId: string } | { userId: number };

export interface ChatPanelState {
  open: boolean;
  /** The conversation shown; null is the thread list. */
  target: ChatTarget | null;
}

let state: ChatPanelState = { open: false, target: null };
const listeners = new Set<() => void>();
const set = (next: ChatPanelState) => {
  state = next;
  for (const listener of listeners) listener();
};

export const chatPanel = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Opens the panel on the thread list, or on one conversation. */
  open: (target: ChatTarget | null = null) => set({ open: true, target }),
  /** Shows a conversation (or, with null, the thread list) in the open panel. */
  focus: (target: ChatTarget | null) => set({ ...state, target }),
  close: () => set({ open: false, target: null }),
};

export const useChatPanel = () => useSyncExternalStore(chatPanel.subscribe, chatPanel.get, chatPanel.get);

/** Opens a conversation with a member (a new one when none exists yet). */
export const openChatWith = (userId: number) => chatPanel.open({ userId });
