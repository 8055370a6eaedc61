package com.androperator.operator.android

import android.net.LocalServerSocket
import android.net.LocalSocket
import android.net.LocalSocketAddress
import android.util.Log
import com.androperator.operator.core.agent.AgentBackend
import com.androperator.operator.core.agent.AgentSession
import com.androperator.operator.core.agent.Frames
import java.io.IOException
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

/**
 * The agent server of docs/operator-protocol.md on the abstract socket `<package>.agent`. Only peers whose
 * SO_PEERCRED uid is 0 (root) or 2000 (shell, which adbd streams run as) are served; others are closed without a
 * reply. Each connection has a reader thread (bytes are handed to its [AgentSession] on the main thread) and a
 * writer thread (frames are written off the main thread, in order).
 */
class AgentSocketServer(
  private val socketName: String,
  private val backend: AgentBackend,
  private val clock: MainThreadClock,
) {
  @Volatile private var server: LocalServerSocket? = null
  private val connections = java.util.Collections.synchronizedSet(HashSet<LocalSocket>())

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

  fun stop() {
    val socket = server ?: return
    server = null
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
    synchronized(connections) { connections.toList() }.forEach { closeQuietly(it) }
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
      connections.add(client)
      Thread({ serve(client) }, "operator-agent-connection").apply { isDaemon = true }.start()
    }
  }

  private fun serve(client: LocalSocket) {
    val writer: ExecutorService = Executors.newSingleThreadExecutor { Thread(it, "operator-agent-writer").apply { isDaemon = true } }
    val output = client.outputStream
    lateinit var session: AgentSession
    clock.post {
      session = AgentSession(
        backend,
        send = { frame ->
          val bytes = Frames.encode(frame)
          writer.execute {
            try {
              output.write(bytes)
              output.flush()
            } catch (e: IOException) {
              closeQuietly(client)
            }
          }
        },
        // Close once every queued frame (the error frame included) is written.
        close = { writer.execute { closeQuietly(client) } },
      )
    }
    val buffer = ByteArray(64 * 1024)
    try {
      val input = client.inputStream
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
      writer.execute { closeQuietly(client) }
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
