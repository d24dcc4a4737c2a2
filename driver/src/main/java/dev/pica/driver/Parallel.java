package dev.pica.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Independent build units on a few threads, their results in the units' order (the tools' batches, the plugin's units). */
public final class Parallel {
    private Parallel() {}

    /**
     * Runs {@code tasks} on at most {@code threads} threads; their results in task order. A task's
     * Error (an OutOfMemoryError) is rethrown as it is, for the caller's handling of it; any other
     * failure as an IllegalStateException over it.
     */
    public static <T> List<T> inOrder(int threads, List<Callable<T>> tasks) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, tasks.size())));
        try {
            List<T> out = new ArrayList<>();
            for (Future<T> f : pool.invokeAll(tasks)) out.add(f.get());
            return out;
        } catch (ExecutionException x) {
            if (x.getCause() instanceof Error e) throw e;
            throw new IllegalStateException(x.getCause() != null ? x.getCause() : x);
        } finally {
            pool.shutdown();
        }
    }
}
