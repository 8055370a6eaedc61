package com.androperator.operator.android

import android.net.LocalServerSocket
import android.net.LocalSocket
import android.net.LocalSocketAddress
import android.util.Log
import com.androperator.operator.core.agent.AgentBackend
import com.androperator.operator.core.agent.AgentSession
import com.androperator.operator.core.agent.Frames
import java.io.IOException
import java.io.InputStream
import java.io.OutputStream
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.RejectedExecutionException

/**
 * The agent server of docs/operator-protocol.md on the abstract socket `<package>.agent`. Only peers whose
 * SO_PEERCRED uid is 0 (root) or 2000 (shell, which adbd streams run as) are served; others are closed without a
 * reply. Each connection has a reader thread (bytes are handed to its [AgentSession] on the main thread) and a
 * writer thread (frames are written off the main thread, in order).
 *
 * A connection is any [AgentConnection] (a byte stream each way and a close): [serve] is where a peer accepted on the
 * socket goes, and what a test feeds directly, since Robolectric cannot create a LocalServerSocket.
 */
class AgentSocketServer(
  private val socketName: String,
  private val backend: AgentBackend,
  private val clock: MainThreadClock,
) {
  @Volatile private var server: LocalServerSocket? = null
  /** Open connections, each with how to close it: after the frames already queued for it (the detach event) are written. */
  private val connections = java.util.Collections.synchronizedMap(HashMap<AgentConnection, () -> Unit>())

  fun start() {
    if (server != null) return
    val socket = try {
      LocalServerSocket(socketName) // LocalServerSocket(String) binds in the abstract namespace
    } catch (e: IOException) {
      Log.e(TAG, "cannot listen on @$socketName", e)
      return
    }
    server = socket
    Thread({ acceptLoop(socket) }, "operator-agent-accept").apply { isDaemon = true }.start()
  }

  /** Stops listening and closes every connection (from the socket or handed to [serve]) once its queued frames are written. */
  fun stop() {
    val socket = server
    server = null
    if (socket != null) {
      // accept() does not return on close(): wake it with a throwaway connection first.
      try {
        LocalSocket().use { it.connect(LocalSocketAddress(socketName)) }
      } catch (e: IOException) {
        // Nothing was waiting.
      }
      try {
        socket.close()
      } catch (e: IOException) {
        Log.w(TAG, "closing the agent socket", e)
      }
    }
    synchronized(connections) { connections.values.toList() }.forEach { it() }
  }

  private fun acceptLoop(socket: LocalServerSocket) {
    while (server === socket) {
      val client = try {
        socket.accept()
      } catch (e: IOException) {
        if (server === socket) Log.w(TAG, "accept failed", e)
        return
      }
      if (server !== socket) {
        closeQuietly(client)
        return
      }
      val uid = try {
        client.peerCredentials.uid
      } catch (e: IOException) {
        -1
      }
      if (uid != ROOT_UID && uid != SHELL_UID) {
        Log.w(TAG, "refusing an agent connection from uid $uid")
        closeQuietly(client)
        continue
      }
      serve(AgentConnection(client.inputStream, client.outputStream) { closeQuietly(client) })
    }
  }

  /** Serves one already-authenticated connection on its own reader and writer threads until either side closes it. */
  fun serve(connection: AgentConnection) {
    connections[connection] = connection.close
    Thread({ run(connection) }, "operator-agent-connection").apply { isDaemon = true }.start()
  }

  private fun run(client: AgentConnection) {
    val writer: ExecutorService = Executors.newSingleThreadExecutor { Thread(it, "operator-agent-writer").apply { isDaemon = true } }
    val output = client.output
    // The reader shuts the writer down when the peer goes away, while the session (on the main thread) may still send
    // a frame before its onClosed runs, e.g. a panel event: such frames are dropped, never thrown on the main thread.
    fun write(task: () -> Unit) {
      try {
        writer.execute(task)
      } catch (e: RejectedExecutionException) {
        // The connection is closed already.
      }
    }
    connections.computeIfPresent(client) { _, _ -> { write { client.close() } } }
    lateinit var session: AgentSession
    clock.post {
      session = AgentSession(
        backend,
        send = { frame ->
          val bytes = Frames.encode(frame)
          write {
            try {
              output.write(bytes)
              output.flush()
            } catch (e: IOException) {
              client.close()
            }
          }
        },
        // Close once every queued frame (the error frame included) is written.
        close = { write { client.close() } },
      )
    }
    val buffer = ByteArray(64 * 1024)
    try {
      val input = client.input
      while (true) {
        val read = input.read(buffer)
        if (read < 0) break
        val chunk = buffer.copyOf(read)
        clock.post { session.receive(chunk) }
      }
    } catch (e: IOException) {
      // The peer went away.
    } finally {
      clock.post { session.onClosed() }
      writer.execute { client.close() }
      writer.shutdown()
      connections.remove(client)
    }
  }

  private fun closeQuietly(socket: LocalSocket) {
    try {
      socket.close()
    } catch (e: IOException) {
      // Already closed.
    }
  }

  companion object {
    private const val TAG = "OperatorAgent"
    const val ROOT_UID = 0
    const val SHELL_UID = 2000
  }
}

/** One agent peer: what it sends ([input]), where replies go ([output]), and how to end it ([close], idempotent). */
class AgentConnection(val input: InputStream, val output: OutputStream, val close: () -> Unit)
