//! A batch on every core: items are read one at a time, solved on a thread
//! pool, and their answers handed back strictly in input order as soon as
//! every answer before them is out.
//!
//! Three promises shape it:
//! - **Order.** Each item gets a sequence number when it is read; finished
//!   answers wait in a reorder buffer until the answers before them have
//!   been emitted.
//! - **Bounded memory.** At most `window` items are in flight (dispatched
//!   and not yet emitted); the reader stops until the oldest is emitted.
//!   The caller sizes the window from what an answer weighs.
//! - **Interactive use.** Before a read that may have to wait for input
//!   (a person typing, a pipe that delivers a line at a time), every item
//!   in flight is finished, emitted and flushed, so the answer to what was
//!   typed appears before `eight` waits for more. A file is read 64 KB at a
//!   time, so that barrier comes once per 64 KB and costs next to nothing.
//!
//! Each worker keeps its own state (a solver with its scratch arrays)
//! between items: states are made on demand, at most one per thread, and
//! handed from job to job through a free list.

use std::collections::VecDeque;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};

/// Where items come from.
pub trait Source {
    /// One unit of work.
    type Item: Send;
    /// Why reading stopped.
    type Error;
    /// Whether the next [`Source::next`] may have to wait for input.
    fn may_block(&self) -> bool;
    /// The next item, `None` at the end.
    fn next(&mut self) -> Result<Option<Self::Item>, Self::Error>;
}

/// Where answers go, in input order.
pub trait Sink<T> {
    /// Why writing stopped.
    type Error;
    /// Takes the next answer in input order.
    fn emit(&mut self, answer: T) -> Result<(), Self::Error>;
    /// Pushes what was emitted out to its reader.
    fn flush(&mut self) -> Result<(), Self::Error>;
}

/// Reads every item of `source`, runs `work` on each on `pool` with a
/// per-worker state made by `state`, and emits the answers into `sink` in
/// input order, with at most `window` items in flight.
///
/// When reading fails, the items read before are still worked and emitted,
/// then the error is returned. A panic in `work` is carried to the caller's
/// thread once the items before it have been emitted.
pub fn in_order<Src, Snk, U, K>(
    pool: &rayon::ThreadPool,
    window: usize,
    source: &mut Src,
    state: impl Fn() -> U + Sync,
    work: impl Fn(&mut U, Src::Item) -> K + Sync,
    sink: &mut Snk,
) -> Result<(), Src::Error>
where
    Src: Source,
    Snk: Sink<K, Error = Src::Error>,
    U: Send,
    K: Send,
{
    let window = window.max(1) as u64;
    // States not in use by a job right now.
    let free: Mutex<Vec<U>> = Mutex::new(Vec::new());
    let (done, finished) = mpsc::channel();
    let mut order = Reorder {
        emitted: 0,
        waiting: VecDeque::new(),
    };
    // Set when the run stops early: jobs not yet started then do nothing.
    let cancelled = AtomicBool::new(false);
    pool.in_place_scope(|scope| {
        let mut run = || loop {
            if source.may_block() {
                order.settle(0, &finished, sink)?;
                sink.flush()?;
            }
            let next = source.next();
            let Ok(Some(item)) = next else {
                // At the end, or before the error: every answer read is out.
                order.settle(0, &finished, sink)?;
                return next.map(drop);
            };
            let seq = order.emitted + order.waiting.len() as u64;
            order.waiting.push_back(None);
            let (done, free, state, work) = (done.clone(), &free, &state, &work);
            let cancelled = &cancelled;
            scope.spawn(move |_| {
                if cancelled.load(Ordering::Relaxed) {
                    return;
                }
                let taken = lock(free).pop();
                let mut mine = taken.unwrap_or_else(state);
                let answer = panic::catch_unwind(AssertUnwindSafe(|| work(&mut mine, item)));
                if answer.is_ok() {
                    lock(free).push(mine);
                }
                // The receiver outlives the scope; a send cannot fail.
                let _ = done.send((seq, answer));
            });
            while let Ok(finish) = finished.try_recv() {
                order.receive(finish);
            }
            order.emit_ready(sink)?;
            order.settle(window - 1, &finished, sink)?;
        };
        let outcome = run();
        if outcome.is_err() {
            cancelled.store(true, Ordering::Relaxed);
        }
        outcome
    })
}

/// A job's outcome: its answer, or the panic that stopped it.
type Finish<K> = (u64, std::thread::Result<K>);

/// Answers that finished before their turn, by sequence number.
struct Reorder<K> {
    /// Items emitted so far: the sequence number of the next to emit.
    emitted: u64,
    /// `waiting[i]`: item `emitted + i`, once it has finished; one slot for
    /// every item in flight.
    waiting: VecDeque<Option<std::thread::Result<K>>>,
}

impl<K> Reorder<K> {
    fn receive(&mut self, (seq, answer): Finish<K>) {
        self.waiting[(seq - self.emitted) as usize] = Some(answer);
    }

    /// Emits the finished answers at the front, in order.
    fn emit_ready<E>(&mut self, sink: &mut impl Sink<K, Error = E>) -> Result<(), E> {
        while let Some(slot) = self.waiting.front_mut() {
            let Some(answer) = slot.take() else { break };
            self.waiting.pop_front();
            self.emitted += 1;
            match answer {
                Ok(answer) => sink.emit(answer)?,
                Err(panic) => panic::resume_unwind(panic),
            }
        }
        Ok(())
    }

    /// Waits for jobs to finish, emitting what is ready after each, until
    /// at most `left` items are in flight (with 0, every answer is out).
    fn settle<E>(
        &mut self,
        left: u64,
        finished: &mpsc::Receiver<Finish<K>>,
        sink: &mut impl Sink<K, Error = E>,
    ) -> Result<(), E> {
        while self.waiting.len() as u64 > left {
            // Every job sends exactly once and the caller still holds a
            // sender, so this cannot fail while jobs are in flight.
            let finish = finished.recv().expect("a job in flight reports");
            self.receive(finish);
            self.emit_ready(sink)?;
        }
        Ok(())
    }
}

/// Locks the free list; a job that panicked while holding it left no
/// state half-changed there, so a poisoned lock is taken as it is.
fn lock<U>(free: &Mutex<Vec<U>>) -> std::sync::MutexGuard<'_, Vec<U>> {
    free.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::time::Duration;

    /// Numbers `0..end`; reading fails at `fail_at`, and the read before
    /// every `block_every`-th item may block.
    struct Numbers {
        next: u64,
        end: u64,
        fail_at: Option<u64>,
        block_every: u64,
    }

    impl Numbers {
        fn new(end: u64) -> Numbers {
            Numbers {
                next: 0,
                end,
                fail_at: None,
                block_every: u64::MAX,
            }
        }
    }

    impl Source for Numbers {
        type Item = u64;
        type Error = String;
        fn may_block(&self) -> bool {
            self.next % self.block_every == 0
        }
        fn next(&mut self) -> Result<Option<u64>, String> {
            if self.fail_at == Some(self.next) {
                return Err(format!("failed at {}", self.next));
            }
            if self.next == self.end {
                return Ok(None);
            }
            self.next += 1;
            Ok(Some(self.next - 1))
        }
    }

    /// Keeps what it is given, and at each flush how many it had.
    #[derive(Default)]
    struct Collect {
        answers: Vec<u64>,
        flushed_at: Vec<usize>,
        fail_at: Option<usize>,
    }

    impl Sink<u64> for Collect {
        type Error = String;
        fn emit(&mut self, answer: u64) -> Result<(), String> {
            if self.fail_at == Some(self.answers.len()) {
                return Err("full".to_string());
            }
            self.answers.push(answer);
            Ok(())
        }
        fn flush(&mut self) -> Result<(), String> {
            self.flushed_at.push(self.answers.len());
            Ok(())
        }
    }

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    /// Work that takes longer for some items than for the next ones, so
    /// they finish out of order.
    fn uneven(n: u64) -> u64 {
        std::thread::sleep(Duration::from_micros((n * 7919) % 13 * 50));
        n * 3
    }

    #[test]
    fn answers_come_in_input_order_and_never_more_than_the_window_in_flight() {
        for (threads, window) in [(1, 1), (2, 3), (4, 8), (3, 100)] {
            let running = AtomicUsize::new(0);
            let most = AtomicUsize::new(0);
            let mut sink = Collect::default();
            in_order(
                &pool(threads),
                window,
                &mut Numbers::new(300),
                || (),
                |_, n| {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    let answer = uneven(n);
                    running.fetch_sub(1, Ordering::SeqCst);
                    answer
                },
                &mut sink,
            )
            .unwrap();
            let want: Vec<u64> = (0..300).map(|n| n * 3).collect();
            assert_eq!(sink.answers, want, "{threads} threads, window {window}");
            let most = most.load(Ordering::SeqCst);
            assert!(most <= window.min(threads), "{most} at once");
            // The jobs sleep, so they overlap whatever else the machine does.
            assert!(most >= 2 || window.min(threads) == 1, "never two at once");
        }
    }

    #[test]
    fn each_worker_keeps_its_state_and_there_is_at_most_one_per_thread() {
        let made = AtomicUsize::new(0);
        let mut sink = Collect::default();
        in_order(
            &pool(3),
            16,
            &mut Numbers::new(200),
            || made.fetch_add(1, Ordering::SeqCst),
            |_, n| uneven(n),
            &mut sink,
        )
        .unwrap();
        assert_eq!(sink.answers.len(), 200);
        assert!((1..=3).contains(&made.load(Ordering::SeqCst)));
    }

    #[test]
    fn before_a_read_that_may_block_everything_read_is_out_and_flushed() {
        let mut source = Numbers::new(50);
        source.block_every = 7;
        let mut sink = Collect::default();
        in_order(
            &pool(2),
            32,
            &mut source,
            || (),
            |_, n| uneven(n),
            &mut sink,
        )
        .unwrap();
        // Before reading item k (k a multiple of 7), items 0..k are out.
        assert_eq!(sink.flushed_at, [0, 7, 14, 21, 28, 35, 42, 49]);
    }

    #[test]
    fn a_failed_read_comes_after_the_answers_read_before_it() {
        let mut source = Numbers::new(100);
        source.fail_at = Some(40);
        let mut sink = Collect::default();
        let outcome = in_order(&pool(2), 8, &mut source, || (), |_, n| uneven(n), &mut sink);
        assert_eq!(outcome, Err("failed at 40".to_string()));
        assert_eq!(sink.answers, (0..40).map(|n| n * 3).collect::<Vec<_>>());
    }

    #[test]
    fn a_failed_write_stops_the_run() {
        let mut sink = Collect {
            fail_at: Some(10),
            ..Collect::default()
        };
        let mut source = Numbers::new(1000);
        let worked = AtomicUsize::new(0);
        let outcome = in_order(
            &pool(1),
            100,
            &mut source,
            || (),
            |_, n| {
                worked.fetch_add(1, Ordering::SeqCst);
                uneven(n)
            },
            &mut sink,
        );
        assert_eq!(outcome, Err("full".to_string()));
        assert_eq!(sink.answers.len(), 10);
        assert!(source.next <= 111, "reading stopped at once");
        // The jobs still queued when the write failed were dropped.
        assert!(worked.load(Ordering::SeqCst) < 100, "{worked:?}");
    }

    #[test]
    #[should_panic(expected = "item 5")]
    fn a_panic_in_a_worker_reaches_the_caller() {
        let _ = in_order(
            &pool(2),
            4,
            &mut Numbers::new(10),
            || (),
            |_, n| {
                assert_ne!(n, 5, "item 5");
                n
            },
            &mut Collect::default(),
        );
    }
}
