package dev.pica.driver;

import dev.pica.format.diag.IoErrors;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The outputs of one run, written as a unit the way cc and ld treat theirs: nothing is touched
 * until every output is ready; then regular files are replaced by a rename (a failed run leaves
 * neither a partial file nor a clobbered one). A new file gets mode 0666 minus the umask, a
 * rebuilt one keeps its mode; a symlink is written through to its target; a device, FIFO or
 * {@code -} (standard output) is written in place. No output may be one of the run's inputs.
 */
public final class OutputSet {
    /** The name that means standard output (or input). */
    public static final String STDIO = "-";

    /** A failure, already worded for the user, naming the file it concerns. */
    public static final class OutputException extends Exception {
        private final String file;

        public OutputException(String file, String message) {
            super(message);
            this.file = file;
        }

        public String file() {
            return file;
        }
    }

    private record Entry(Path target, byte[] data) {}

    private static final AtomicLong COUNTER = new AtomicLong();
    /**
     * Tells this run's temp files from another process's (CREATE_NEW settles a clash either way);
     * the clock, not the pid: ProcessHandle.current() sets up the process reaper's thread pool.
     */
    private static final String RUN = Long.toString(System.nanoTime() & 0xFFFFFFFFFFL, 36);
    private static final int MAX_LINKS = 40;

    private final OutputStream stdout;
    private final List<Entry> entries = new ArrayList<>();
    private final List<Path> inputs = new ArrayList<>();

    public OutputSet(OutputStream stdout) {
        this.stdout = stdout;
    }

    public static boolean isStdio(Path p) {
        return p != null && p.toString().equals(STDIO);
    }

    /** An output; {@code -} is standard output. Later outputs are written after earlier ones. */
    public OutputSet add(Path target, byte[] data) {
        entries.add(new Entry(target, data.clone()));
        return this;
    }

    /** A file this run read: no output may replace it. */
    public OutputSet input(Path p) {
        if (p != null && !isStdio(p)) inputs.add(p);
        return this;
    }

    public OutputSet inputs(Iterable<Path> ps) {
        for (Path p : ps) input(p);
        return this;
    }

    /**
     * Refuses an output that is the same file as an input (hard links and symlinks included) or
     * that is named twice. Cheap; call it before the work so that a mistake costs nothing.
     */
    public void check() throws OutputException {
        check(absentTargets());
    }

    /** For each output, whether nothing is at its target ({@link #absent}); false for standard output. */
    private boolean[] absentTargets() {
        boolean[] absent = new boolean[entries.size()];
        for (int i = 0; i < absent.length; i++) absent[i] = !isStdio(entries.get(i).target()) && absent(entries.get(i).target());
        return absent;
    }

    private void check(boolean[] absentTargets) throws OutputException {
        List<Path> seen = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            // /dev/null twice is fine; a directory is refused when written
            if (isStdio(e.target())) continue;
            boolean absent = absentTargets[i];
            if (!absent && (writtenThrough(e.target()) || Files.isDirectory(e.target()))) continue;
            Path t = absent ? e.target() : resolveLinks(e.target());
            // nothing at the target: no input can be it
            for (Path in : absent ? List.<Path>of() : inputs) {
                if (sameRegularFile(t, in)) {
                    throw new OutputException(e.target().toString(), "output '" + e.target() + "' is the input '" + in
                            + "'; refusing to overwrite it");
                }
            }
            Path key = t.toAbsolutePath().normalize();
            for (Path s : seen) {
                if (s.equals(key) || sameRegularFile(s, key)) {
                    throw new OutputException(e.target().toString(), "'" + e.target() + "' is named as two outputs");
                }
            }
            seen.add(key);
        }
    }

    private static boolean sameRegularFile(Path a, Path b) {
        try {
            return Files.isRegularFile(a) && Files.isRegularFile(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    /** Writes every output, or none. */
    public void commit() throws OutputException {
        boolean[] absentTargets = absentTargets();
        check(absentTargets);
        List<Path> temps = new ArrayList<>();
        List<Path> finals = new ArrayList<>();
        List<Entry> inPlace = new ArrayList<>();
        List<Boolean> fresh = new ArrayList<>();
        int moved = 0;
        boolean written = false;
        try {
            for (int i = 0; i < entries.size(); i++) {
                Entry e = entries.get(i);
                boolean absent = absentTargets[i];
                if (!absent && (isStdio(e.target()) || writtenThrough(e.target()))) {
                    inPlace.add(e);
                    continue;
                }
                Path t = absent ? e.target() : resolveLinks(e.target());
                if (!absent && Files.isDirectory(t)) throw new OutputException(e.target().toString(), "cannot write '" + e.target() + "': is a directory");
                // new where nothing was at the name, or at the file a dangling link names
                boolean created = absent || !Files.exists(t, LinkOption.NOFOLLOW_LINKS);
                temps.add(writeTemp(e.target(), t, e.data(), !created));
                finals.add(t);
                fresh.add(created);
            }
            for (int i = 0; i < temps.size(); i++) {
                Path t = finals.get(i);
                try {
                    try {
                        Files.move(temps.get(i), t, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    } catch (AtomicMoveNotSupportedException x) {
                        Files.move(temps.get(i), t, StandardCopyOption.REPLACE_EXISTING);
                    }
                } catch (IOException x) {
                    throw new OutputException(t.toString(), "cannot write '" + t + "': " + IoErrors.reason(x));
                }
                moved++;
            }
            for (Entry e : inPlace) {
                if (isStdio(e.target())) {
                    try {
                        stdout.write(e.data());
                        stdout.flush();
                    } catch (IOException x) {
                        throw new OutputException(STDIO, "cannot write standard output: " + IoErrors.reason(x));
                    }
                } else {
                    // TRUNCATE_EXISTING is ignored by FIFOs and devices; a FIFO blocks until read, as with cc.
                    try (OutputStream o = Files.newOutputStream(e.target(), StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                        o.write(e.data());
                    } catch (IOException x) {
                        throw new OutputException(e.target().toString(), "cannot write '" + e.target() + "': " + IoErrors.reason(x));
                    }
                }
            }
            written = true;
        } finally {
            // a later output failed: the files this run created are removed again (a replaced file
            // cannot be given back its old bytes, as with cc; standard output and devices keep theirs)
            for (int i = 0; !written && i < moved; i++) {
                if (fresh.get(i)) deleteQuietly(finals.get(i));
            }
            // the temp files not renamed yet (a rename leaves nothing to delete: a stat saved each)
            // (one we cannot delete is harmless beside a failed run's message)
            for (Path p : temps.subList(moved, temps.size())) deleteQuietly(p);
        }
    }

    /**
     * Whether nothing is at {@code p}, a dangling link being something: then it is no device, link,
     * directory or input, and has no mode to keep. One lstat where a new output's checks make a
     * dozen calls that fail (docs/performance.md).
     */
    private static boolean absent(Path p) {
        try {
            Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return false;
        } catch (java.nio.file.NoSuchFileException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * A device, FIFO or pipe (after following links, which the OS does for /dev/stdout and
     * /proc/self/fd/N although they lead to no path): opened and written, never replaced.
     */
    private static boolean writtenThrough(Path target) {
        return Files.exists(target) && !Files.isRegularFile(target) && !Files.isDirectory(target);
    }

    /** Follows a chain of symlinks to the file it names (which need not exist yet). */
    static Path resolveLinks(Path p) throws OutputException {
        Path t = p;
        for (int i = 0; Files.isSymbolicLink(t); i++) {
            if (i == MAX_LINKS) throw new OutputException(p.toString(), "cannot write '" + p + "': too many levels of symbolic links");
            try {
                Path link = Files.readSymbolicLink(t);
                Path dir = t.toAbsolutePath().getParent();
                t = dir == null ? link : dir.resolve(link);
            } catch (IOException x) {
                throw new OutputException(p.toString(), "cannot read link '" + p + "': " + IoErrors.reason(x));
            }
        }
        return t;
    }

    /** A temp file beside the target; plain CREATE_NEW so that the OS applies 0666 minus the umask. */
    private static Path writeTemp(Path shown, Path target, byte[] data, boolean mayExist) throws OutputException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        String base = "." + abs.getFileName() + "." + RUN + "-";
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve(base + COUNTER.incrementAndGet() + ".tmp");
            try (OutputStream o = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                o.write(data);
            } catch (java.nio.file.FileAlreadyExistsException x) {
                if (attempt < 100) continue;
                throw new OutputException(shown.toString(), "cannot write '" + shown + "': " + IoErrors.reason(x));
            } catch (IOException x) {
                deleteQuietly(tmp);
                String why = Files.isDirectory(dir) ? IoErrors.reason(x) : "no such directory '" + dir + "'";
                throw new OutputException(shown.toString(), "cannot write '" + shown + "': " + why);
            }
            try {
                if (mayExist) keepAttributes(abs, tmp);
            } catch (IOException x) {
                deleteQuietly(tmp);
                throw new OutputException(shown.toString(), "cannot write '" + shown + "': " + IoErrors.reason(x));
            }
            return tmp;
        }
    }

    /** A rebuilt file keeps its mode (and, where we may set them, its owner and group). */
    private static void keepAttributes(Path existing, Path tmp) throws IOException {
        if (!Files.isRegularFile(existing, LinkOption.NOFOLLOW_LINKS)) return;
        PosixFileAttributeView view = Files.getFileAttributeView(existing, PosixFileAttributeView.class);
        if (view == null) return;
        PosixFileAttributes a = view.readAttributes();
        PosixFileAttributeView to = Files.getFileAttributeView(tmp, PosixFileAttributeView.class);
        PosixFileAttributes b = to.readAttributes();
        if (!a.permissions().equals(b.permissions())) to.setPermissions(a.permissions());
        try {
            if (!a.group().equals(b.group())) to.setGroup(a.group());
            if (!a.owner().equals(b.owner())) to.setOwner(a.owner());
        } catch (IOException notOurs) {
            // only root may give a file away: the new owner is us, as with cc's rewrite
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // nothing more to do
        }
    }
}
