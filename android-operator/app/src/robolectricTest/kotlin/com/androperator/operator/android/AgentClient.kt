package com.androperator.operator.android

import com.androperator.operator.core.agent.DecodedFrame
import com.androperator.operator.core.agent.FrameDecoder
import com.androperator.operator.core.agent.Frames
import com.androperator.operator.core.json.Json
import com.androperator.operator.core.json.JsonParser
import java.io.Closeable
import java.io.IOException
import java.net.InetAddress
import java.net.ServerSocket
import java.net.Socket
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/**
 * An agent peer of the real [AgentSocketServer]: a loopback TCP pair stands in for the abstract LocalSocket (which
 * Robolectric cannot create), handed to [AgentSocketServer.serve]; frames go through the server's own reader thread,
 * AgentSession and writer thread. [await] runs main-thread turns (with frames drawn) until a matching frame arrives.
 */
class AgentClient(server: AgentSocketServer) : Closeable {
  private val loopback = InetAddress.getLoopbackAddress()
  private val listener = ServerSocket(0, 1, loopback)
  private val socket = Socket(loopback, listener.localPort)
  private val peer: Socket = listener.accept()
  private val incoming = LinkedBlockingQueue<Json.Obj>()

  @Volatile var closedByServer = false
    private set

  /** True once the Operator's end of the connection is closed (by the server, after it saw this end close). */
  val serverSideClosed: Boolean get() = peer.isClosed

  /** Every frame received so far, in order (the ones [await] returned included). */
  val received = ArrayList<Json.Obj>()

  init {
    listener.close()
    Thread({ read() }, "agent-client-reader").apply { isDaemon = true }.start()
    server.serve(AgentConnection(peer.getInputStream(), peer.getOutputStream()) { closeQuietly(peer) })
  }

  private fun read() {
    val decoder = FrameDecoder()
    val buffer = ByteArray(64 * 1024)
    try {
      val input = socket.getInputStream()
      while (true) {
        val read = input.read(buffer)
        if (read < 0) break
        for (frame in decoder.push(buffer, read)) {
          if (frame is DecodedFrame.Message) incoming.add(frame.message) else throw IOException("malformed frame from the Operator: $frame")
        }
      }
    } catch (e: IOException) {
      // Closed.
    } finally {
      closedByServer = true
    }
  }

  fun send(json: String) {
    val message = JsonParser.parse(json) as Json.Obj
    socket.getOutputStream().apply {
      write(Frames.encode(message))
      flush()
    }
  }

  /** The first frame (received from now on, or already received and not yet taken) that matches [predicate]. */
  fun await(what: String, predicate: (Json.Obj) -> Boolean): Json.Obj {
    val frame = RoboScreen.until(what, pause = { incoming.poll(2, TimeUnit.MILLISECONDS)?.let { received.add(it) } }) {
      incoming.drainTo(received)
      received.indices.firstOrNull { it !in returned && predicate(received[it]) }
    }
    returned.add(frame)
    return received[frame]
  }

  private val returned = HashSet<Int>()

  /** The reply to request [id] (any frame type). */
  fun reply(id: String): Json.Obj = await("the reply to $id") { it["id"] == Json.Str(id) }

  override fun close() {
    closeQuietly(socket)
    closeQuietly(peer)
  }

  private fun closeQuietly(socket: Socket) {
    try {
      socket.close()
    } catch (e: IOException) {
      // Already closed.
    }
  }
}
