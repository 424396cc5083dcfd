/**
 * A chat's order, kept from the moment its messages get their ids to the moment their webhook
 * delivery is stored. The chat lists messages by id; the dispatcher sends a chat's deliveries in
 * the order they were stored. Both orders agree only if no other writer of the chat takes a
 * message id between a writer's message and its delivery: each write of a chat (its messages and
 * the deliveries they cause) runs as one step, one step of a chat at a time, in this process and,
 * on PostgreSQL, across every process on the database (the store's per-chat lock).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What holds a chat across processes: runs `fn` while holding the chat's lock (or just runs it). */
export interface ChatLock {
  withChatLock<T>(chatId: string, fn: () => Promise<T>): Promise<T>;
}

/** One step at a time per key, in the order asked: a promise chain per key, dropped when idle. */
class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    const result = previous ? previous.then(fn) : fn();
    // Settles when this step does, either way, and then drops the key unless a later step queued
    // behind it: one promise per step (a step of every sendMessages call and push).
    const done = () => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
    const tail: Promise<void> = result.then(done, done);
    this.tails.set(key, tail);
    return result;
  }
}

export class ChatOrder {
  private readonly queue = new KeyedQueue();
  /** The chats whose step the current async context is inside: a nested step of one runs at once. */
  private readonly held = new AsyncLocalStorage<ReadonlySet<string>>();

  constructor(private readonly lock: ChatLock) {}

  /**
   * Runs `fn` as one step of the chat's order: after every step of the chat asked for earlier
   * (in this process; on PostgreSQL also those of other processes holding the chat), and before
   * any asked for later. A step inside a step of the same chat (an event stored by a write that
   * already holds the chat) runs at once. A step must not ask for another chat's step: two such
   * steps asking for each other's chat would wait for ever.
   * @returns what `fn` returns; rejects with what it throws (the chat is free again either way)
   */
  run<T>(chatId: string, fn: () => Promise<T>): Promise<T> {
    const held = this.held.getStore();
    if (held?.has(chatId)) return fn();
    const inside = new Set(held ?? []).add(chatId);
    return this.queue.run(chatId, () => this.lock.withChatLock(chatId, () => this.held.run(inside, fn)));
  }
}
