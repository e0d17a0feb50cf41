package takes.localdb;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.KeyConstraintError;
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
   * A unique index (every collection's _id, and the unique ones the app declares) that also serves a query naming
   * more fields than its keys, as MongoDB's do: the index finds the documents by its keys' values, and the collection
   * matches the whole query against them (AbstractMongoCollection.matchDocuments checks every field). The engine's own
   * use an index only for a query on exactly its keys, so a conditional write such as {@code {_id, rev}} or a rate
   * limit's {@code {key, expire: {$gt: now}}} read every document: measured 6 ms at 20,000 documents against 1 ms.
   */
  static final class KeyedIndex<P> extends Index<P> {
    private final Index<P> inner;
    private final List<String> keys;

    KeyedIndex(Index<P> inner) {
      super(inner.getName(), inner.getKeys(), Boolean.TRUE.equals(inner.toIndexDescription().get("sparse")));
      this.inner = inner;
      this.keys = inner.getKeys().stream().map(IndexKey::getKey).toList();
    }

    /** The query's conditions on this index's keys, when it has one for each and more besides; else null. */
    private Document keyedPart(Document query) {
      if (query.size() <= keys.size()) return null;
      Document keyed = new Document();
      for (String key : keys) {
        Object value = query.get(key);
        // A null matches documents without the field, which a sparse index does not hold: left to a full scan.
        if (value == null) return null;
        keyed.put(key, value);
      }
      return keyed;
    }

    private Document served(Document query) {
      if (inner.canHandle(query)) return query;
      Document keyed = keyedPart(query);
      return keyed != null && inner.canHandle(keyed) ? keyed : null;
    }

    @Override
    public boolean canHandle(Document query) {
      return served(query) != null;
    }

    @Override
    public Iterable<P> getPositions(Document query) {
      return inner.getPositions(served(query));
    }

    @Override
    public P getPosition(Document document) {
      return inner.getPosition(document);
    }

    @Override
    public void checkAdd(Document document, MongoCollection<P> collection) {
      inner.checkAdd(document, collection);
    }

    @Override
    public void add(Document document, P position, MongoCollection<P> collection) {
      inner.add(document, position, collection);
    }

    @Override
    public P remove(Document document) {
      return inner.remove(document);
    }

    @Override
    public long getCount() {
      return inner.getCount();
    }

    @Override
    public long getDataSize() {
      return inner.getDataSize();
    }

    @Override
    public void checkUpdate(Document oldDocument, Document newDocument, MongoCollection<P> collection) {
      inner.checkUpdate(oldDocument, newDocument, collection);
    }

    @Override
    public void updateInPlace(Document oldDocument, Document newDocument, P position, MongoCollection<P> collection)
        throws KeyConstraintError {
      inner.updateInPlace(oldDocument, newDocument, position, collection);
    }

    @Override
    public boolean isUnique() {
      return inner.isUnique();
    }

    @Override
    public void drop() {
      inner.drop();
    }
  }

  static final class KeyedMemoryBackend extends MemoryBackend {
    @Override
    public MemoryDatabase openOrCreateDatabase(String name) {
      return new MemoryDatabase(name, getCursorRegistry()) {
        @Override
        protected Index<Integer> openOrCreateUniqueIndex(String collection, String index, List<IndexKey> keys, boolean sparse) {
          return new KeyedIndex<>(super.openOrCreateUniqueIndex(collection, index, keys, sparse));
        }
      };
    }
  }

  /**
   * H2 commits in the background (measured: of 200 acknowledged inserts, 16 survived a SIGKILL).
   * Committing after each write command before answering makes an acknowledged write durable.
   */
  static final class DurableH2Backend extends H2Backend {
    DurableH2Backend(String file) {
      super(file);
    }

    @Override
    protected MongoDatabase openOrCreateDatabase(String name) {
      return new H2Database(name, getMvStore(), getCursorRegistry()) {
        @Override
        protected Index<Object> openOrCreateUniqueIndex(String collection, String index, List<IndexKey> keys, boolean sparse) {
          return new KeyedIndex<>(super.openOrCreateUniqueIndex(collection, index, keys, sparse));
        }
      };
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
      backend = new KeyedMemoryBackend();
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
