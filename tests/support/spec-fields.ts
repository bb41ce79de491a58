// Spec §3: the fields each entity's JSON carries, as the API tests check them.
export const USER = [
  "id",
  "email",
  "firstName",
  "lastName",
  "profileImageUrl",
  "currentRole",
  "userType",
  "phoneNumber",
  "bio",
  "isProviderOnline",
  "providerCategories",
  "hourlyRate",
  "latitude",
  "longitude",
  "address",
  "totalJobsCompleted",
  "averageRating",
  "totalReviews",
  "createdAt",
  "updatedAt",
];
/** A provider as anyone may see them: no email, phone or place. */
export const PROVIDER_CARD = [
  "id",
  "firstName",
  "lastName",
  "profileImageUrl",
  "isProviderOnline",
  "averageRating",
  "totalReviews",
  "totalJobsCompleted",
  "hourlyRate",
];
/** A directory card (issue 33 §1): the public card with the provider's categories and distance, nothing more. */
export const DIRECTORY_CARD = [...PROVIDER_CARD, "providerCategories", "distanceMiles"];
export const CATEGORY = ["id", "name", "icon", "description"];
export const JOB = [
  "id",
  "seekerId",
  "categoryId",
  "title",
  "description",
  "imageUrl",
  "isUrgent",
  "latitude",
  "longitude",
  "address",
  "budget",
  "status",
  "createdAt",
  "updatedAt",
];
export const BOOKING = [
  "id",
  "jobId",
  "seekerId",
  "providerId",
  "agreedPrice",
  "paymentMethod",
  "paymentStatus",
  "status",
  "scheduledAt",
  "startedAt",
  "completedAt",
  "createdAt",
  "updatedAt",
];
export const MESSAGE = ["id", "bookingId", "senderId", "receiverId", "content", "isRead", "createdAt"];
export const REVIEW = ["id", "bookingId", "reviewerId", "revieweeId", "rating", "comment", "createdAt"];
export const NOTIFICATION = ["id", "userId", "type", "title", "message", "relatedId", "isRead", "createdAt"];
export const NOTIFICATION_TYPES = ["job_posted", "booking_request", "booking_accepted", "booking_cancelled", "message", "review"];
export const FAVORITE = ["id", "userId", "targetType", "targetId", "role", "createdAt"];
