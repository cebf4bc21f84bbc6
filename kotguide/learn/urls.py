from django.urls import path

from . import views

app_name = "learn"
urlpatterns = [
    path("learn/", views.index, name="index"),
    path("learn/<slug:lesson_id>/", views.lesson, name="lesson"),
]
