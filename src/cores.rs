//! Work spread over every core on a pool of threads started for it, never
//! on rayon's global pool.
//!
//! The global pool is started by the first parallel iterator that needs
//! it, and when its threads cannot start (each wants a stack, which a limit
//! on the address space, `ulimit -v`, may refuse) rayon panics there, and
//! the release build aborts. A pool built by hand says so as an error;
//! then the work runs on the calling thread alone, slower but whole, and
//! with one table in memory at a time instead of one per thread.

/// Runs `work` with `true`, its parallel iterators on the pool of the
/// calling thread or, called from outside any pool, on a pool started for
/// it (a thread per core, as the global pool would); with `false`, to run
/// on the calling thread alone, where no thread can be started.
pub(crate) fn on_pool<T: Send>(work: impl FnOnce(bool) -> T + Send) -> T {
    if rayon::current_thread_index().is_some() {
        return work(true);
    }
    match rayon::ThreadPoolBuilder::new().build() {
        Ok(pool) => pool.install(|| work(true)),
        Err(_) => work(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_runs_on_a_pool_of_its_own_or_the_caller_s() {
        let outside = on_pool(|threads| (threads, rayon::current_thread_index().is_some()));
        assert_eq!(outside, (true, true));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let inside = pool.install(|| on_pool(|_| rayon::current_num_threads()));
        assert_eq!(inside, 1, "the caller's pool of one thread");
    }
}
