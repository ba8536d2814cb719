public import EventLog
public import Foundation
package import Networking
public import PaymentInterface

/// The only door into PaymentData: builds the gateway and returns it as the interface.
public enum PaymentDataAssembly {
  /// A live payment provider at `baseURL`, over HTTP; `deadline` bounds each call, retries
  /// included.
  public static func gateway(
    baseURL: URL, deadline: Duration = .seconds(10), log: EventLogger = .disabled
  ) -> any PaymentGateway {
    gateway(transport: liveTransport(to: baseURL), deadline: deadline, log: log)
  }

  /// The provider reached through `transport`: the embedded payment sandbox in the demo and the
  /// tests. Transient failures are retried with the same idempotency key, `retryPolicy` bounding
  /// how often and `deadline` how long, in all.
  package static func gateway(
    transport: any HTTPTransport, deadline: Duration = .seconds(10),
    retryPolicy: RetryPolicy = .standard, log: EventLogger = .disabled
  ) -> any PaymentGateway {
    ProviderPaymentGateway(
      client: RetryingHTTPClient(
        transport: transport, deadline: deadline, retryPolicy: retryPolicy, log: log))
  }
}
