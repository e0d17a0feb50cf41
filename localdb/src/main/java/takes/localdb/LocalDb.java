package takes.localdb;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * The local MongoDB-wire server: {@code --port N} on 127.0.0.1 only, in memory, or in an H2 file
 * with {@code --store FILE}. Prints one ready line; closes the store cleanly on SIGTERM and SIGINT.
 */
public final class LocalDb {

  /**
   * The driver under Mongoose 9 needs wire version 9 or later; the server's own versions announce 8.
   * 4.4 is what the commands it implements correspond to.
   */
  private static final MongoVersion VERSION =
      new MongoVersion() {
        @Override
        public List<Integer> getVersionArray() {
          return List.of(4, 4, 0);
        }

        @Override
        public int getWireVersion() {
          return 9;
        }
      };

  /** Commands after which an acknowledged write must be on disk. */
  private static final Set<String> WRITES =
      Set.of(
          "insert", "update", "delete", "findandmodify", "create", "createindexes", "drop",
          "dropindexes", "dropdatabase", "renamecollection");

  /**
   * H2 commits in the background (measured: of 200 acknowledged inserts, 16 survived a SIGKILL).
   * Committing after each write command before answering makes an acknowledged write durable.
   */
  static final class DurableH2Backend extends H2Backend {
    DurableH2Backend(String file) {
      super(file);
    }

    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
      Document answer = super.handleCommand(channel, database, command, query);
      if (WRITES.contains(command.toLowerCase())) commit();
      return answer;
    }
  }

  public static void main(String[] args) throws Exception {
    int port = 27017;
    String store = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--port" -> port = Integer.parseInt(args[++i]);
        case "--store" -> store = args[++i];
        default -> {
          System.err.println("usage: localdb [--port N] [--store FILE]");
          System.exit(2);
        }
      }
    }

    MongoBackend backend;
    if (store == null) {
      backend = new MemoryBackend();
    } else {
      Path file = Path.of(store).toAbsolutePath();
      Files.createDirectories(file.getParent());
      backend = new DurableH2Backend(file.toString());
    }
    backend.version(VERSION);

    MongoServer server = new MongoServer(backend);
    server.bind("127.0.0.1", port);

    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.shutdownNow();
                  backend.close();
                  stopped.countDown();
                }));

    System.out.println(
        "localdb ready mongodb://127.0.0.1:" + port + "/ (" + (store == null ? "memory" : "h2 " + store) + ")");
    System.out.flush();
    stopped.await();
  }

  private LocalDb() {}
}
